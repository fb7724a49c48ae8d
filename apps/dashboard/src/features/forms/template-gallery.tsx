import { type FormTemplate, TEMPLATE_CATEGORIES, type TemplateCategory } from '@formloom/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { errorText } from '../../components/error-text.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { navigate, pathTo } from '../../navigation.js';
import { useCreateFromTemplate, useTemplates } from './template-queries.js';
import { templateTexts } from './template-texts.js';

// The builder's preview (and @formloom/react under it) loads only when a template is previewed.
const Preview = lazy(() => import('../builder/preview.js').then((m) => ({ default: m.Preview })));

/** Whether a template's name or description holds every word of the search, in any case. */
function matches(template: FormTemplate, search: string): boolean {
  const text = `${template.name} ${template.description}`.toLocaleLowerCase();
  return search
    .toLocaleLowerCase()
    .split(/\s+/)
    .every((word) => text.includes(word));
}

const previewButtonId = (id: string) => `template-preview-${id}`;

/**
 * The template gallery: the library's templates (fetched from the server, named in the
 * dashboard's language), found by words or category, each previewed as a respondent sees it and
 * made into a draft that opens in the builder.
 */
export function TemplateGallery({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const tx = useTexts(templateTexts);
  const { t, language } = useI18n();
  const narrow = useMediaQuery('(max-width: 48em)');
  const templates = useTemplates(language);
  const create = useCreateFromTemplate();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<TemplateCategory | ''>('');
  const [previewing, setPreviewing] = useState<FormTemplate | undefined>();
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const back = useRef<string | undefined>(undefined);

  // The preview's heading takes the focus when a preview opens; closing it returns the focus to
  // the button that opened it.
  useEffect(() => {
    if (previewing !== undefined) previewHeading.current?.focus();
    else if (back.current !== undefined) document.getElementById(back.current)?.focus();
  }, [previewing]);

  const use = (template: FormTemplate) =>
    create.mutate(template.id, {
      onSuccess: (form) => navigate(pathTo('/forms/:formId', { formId: form.id })),
    });
  const shown = (templates.data ?? []).filter(
    (template) => (category === '' || template.category === category) && matches(template, search.trim()),
  );

  return (
    <Modal
      closeButtonProps={{ 'aria-label': tx('close') }}
      opened={opened}
      onClose={onClose}
      title={tx('title')}
      size="xl"
      fullScreen={narrow === true}
    >
      <Stack>
        {create.isError ? <Alert role="alert">{errorText(create.error, t('somethingWrong'))}</Alert> : null}
        {previewing !== undefined ? (
          <Stack component="section" aria-labelledby="template-preview-heading">
            <Title order={3} size="h4" id="template-preview-heading" ref={previewHeading} tabIndex={-1}>
              {tx('previewOf', { name: previewing.name })}
            </Title>
            <Text>{previewing.description}</Text>
            <Group gap="xs" wrap="wrap">
              <Button onClick={() => use(previewing)} loading={create.isPending}>
                {tx('use')}
              </Button>
              <Button variant="default" onClick={() => setPreviewing(undefined)}>
                {tx('back')}
              </Button>
            </Group>
            <Suspense fallback={<Loader size="sm" />}>
              <Preview schema={previewing.schema} valid />
            </Suspense>
          </Stack>
        ) : (
          <>
            <Group grow wrap="wrap" align="end">
              <TextInput
                type="search"
                label={tx('search')}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                data-autofocus
              />
              <NativeSelect
                label={tx('category')}
                value={category}
                onChange={(e) => setCategory(e.currentTarget.value as TemplateCategory | '')}
                data={[
                  { value: '', label: tx('all') },
                  ...TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: tx(c) })),
                ]}
              />
            </Group>
            {templates.isPending ? (
              <Loader size="sm" />
            ) : templates.isError ? (
              <Alert role="alert">{errorText(templates.error, t('somethingWrong'))}</Alert>
            ) : (
              <>
                <Text size="sm" role="status">
                  {shown.length === 0 ? tx('none') : tx('count', { count: shown.length })}
                </Text>
                <SimpleGrid
                  cols={{ base: 1, sm: 2 }}
                  component="ul"
                  p={0}
                  m={0}
                  style={{ listStyle: 'none' }}
                >
                  {shown.map((template) => (
                    <Paper key={template.id} component="li" withBorder p="sm">
                      <Stack gap="xs" h="100%" justify="space-between">
                        <Stack gap={4}>
                          <Title order={3} size="h5">
                            {template.name}
                          </Title>
                          <Badge variant="light" c="dark" color="gray">
                            {tx(template.category)}
                          </Badge>
                          <Text size="sm">{template.description}</Text>
                        </Stack>
                        <Group gap="xs" wrap="wrap">
                          <Button
                            size="xs"
                            variant="default"
                            id={previewButtonId(template.id)}
                            aria-label={tx('previewNamed', { name: template.name })}
                            onClick={() => {
                              back.current = previewButtonId(template.id);
                              setPreviewing(template);
                            }}
                          >
                            {tx('preview')}
                          </Button>
                          <Button
                            size="xs"
                            aria-label={tx('useNamed', { name: template.name })}
                            onClick={() => use(template)}
                            loading={create.isPending && create.variables === template.id}
                            disabled={create.isPending}
                          >
                            {tx('use')}
                          </Button>
                        </Group>
                      </Stack>
                    </Paper>
                  ))}
                </SimpleGrid>
              </>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
