import { OWNER_UPLOAD_MAX_BYTES } from '@formloom/contract';
import {
  APIError,
  contrastWarnings,
  type Role,
  roleAllows,
  THEME_FONTS,
  type Theme,
  type ThemeColors,
  type ThemeFont,
} from '@formloom/sdk';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Slider,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { errorText } from '../../components/error-text.js';
import { ImageFileInput } from '../../components/image-file-input.js';
import { LoadingMark } from '../../components/page-state.js';
import { ScrollTable } from '../../components/scroll-table.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { useMe } from '../auth/queries.js';
import {
  type ThemeBody,
  useCreateTheme,
  useDeleteTheme,
  useThemePresets,
  useThemes,
  useUpdateTheme,
  useUploadLogo,
} from './queries.js';
import { texts } from './texts.js';
import { ThemePreview } from './theme-preview.js';

type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;

const COLOR_KEYS = [
  'accent',
  'accentText',
  'background',
  'surface',
  'text',
  'muted',
  'border',
  'error',
] as const;
/** Where each low-contrast pair is said: beside the second colour of the pair. */
const PAIR_AT = {
  'text/background': 'background',
  'text/surface': 'surface',
  'accentText/accent': 'accentText',
} as const;
const FONT_LABELS: Record<ThemeFont, (t: T) => string> = {
  system: (t) => t('fontSystem'),
  serif: (t) => t('fontSerif'),
  mono: (t) => t('fontMono'),
  inter: () => 'Inter',
  lora: () => 'Lora',
  'jetbrains-mono': () => 'JetBrains Mono',
};

/** What the editor edits: a theme's body, as the API takes it. */
function bodyOf(theme: Theme): ThemeBody {
  return {
    name: theme.name,
    colors: theme.colors,
    font: theme.font,
    radius: theme.radius,
    mode: theme.mode,
    ...(theme.logo === null ? {} : { logo: theme.logo }),
    ...(theme.background === null ? {} : { background: theme.background }),
    ...(theme.css === null ? {} : { css: theme.css }),
  };
}

/** The account's themes: made from a preset, edited with a live preview, deleted. */
export default function ThemesPage() {
  const t = useTexts(texts);
  const role: Role = useMe().data?.role ?? 'viewer';
  const canWrite = roleAllows(role, 'themes.write');
  const themes = useThemes();
  const presets = useThemePresets();
  const create = useCreateTheme();
  const remove = useDeleteTheme();
  const [preset, setPreset] = useState('classic');
  const [editing, setEditing] = useState<string | undefined>();
  const [removing, setRemoving] = useState<Theme | undefined>();
  const { t: shell } = useI18n();

  const startFromPreset = async () => {
    const chosen = presets.data?.find((p) => p.id === preset);
    if (chosen === undefined) return;
    const { id: _id, ...body } = chosen;
    const made = await create.mutateAsync(body);
    setEditing(made.id);
  };
  const current = themes.data?.find((theme) => theme.id === editing);

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text>{t('intro')}</Text>
      {!canWrite && <Text role="note">{t('readOnly')}</Text>}
      {canWrite && (
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('preset')}
            value={preset}
            onChange={(e) => setPreset(e.currentTarget.value)}
            data={(presets.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
          <Button onClick={() => void startFromPreset()} loading={create.isPending} disabled={!presets.data}>
            {t('create')}
          </Button>
        </Group>
      )}
      {create.error ? (
        <Alert role="alert">
          {t('failed', { message: errorText(create.error, shell('somethingWrong')) })}
        </Alert>
      ) : null}
      {themes.isPending ? (
        <LoadingMark />
      ) : themes.data?.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <ScrollTable label={t('title')}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('name')}</Table.Th>
                <Table.Th>{t('font')}</Table.Th>
                <Table.Th>{t('colors')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('edit')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(themes.data ?? []).map((theme) => (
                <Table.Tr key={theme.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{theme.name}</Table.Td>
                  <Table.Td>{FONT_LABELS[theme.font](t)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" aria-hidden="true">
                      {[theme.colors.accent, theme.colors.background, theme.colors.text].map((c, i) => (
                        <span
                          // biome-ignore lint/suspicious/noArrayIndexKey: three fixed swatches
                          key={i}
                          style={{
                            width: 16,
                            height: 16,
                            borderRadius: 4,
                            background: c,
                            border: '1px solid #888',
                          }}
                        />
                      ))}
                    </Group>
                    {theme.warnings.length > 0 ? (
                      <Badge color="orange" variant="light">
                        {t('lowContrast', { ratio: theme.warnings[0]!.ratio })}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setEditing(theme.id)}
                        aria-label={`${t('edit')}: ${theme.name}`}
                      >
                        {t('edit')}
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        disabled={!canWrite}
                        onClick={() => setRemoving(theme)}
                        aria-label={`${t('remove')}: ${theme.name}`}
                      >
                        {t('remove')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {current === undefined ? null : (
        <ThemeEditor
          key={current.id}
          theme={current}
          canWrite={canWrite}
          t={t}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        opened={removing !== undefined}
        title={t('confirm')}
        confirmLabel={t('confirm')}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error, shell('somethingWrong')) : undefined}
        onClose={() => {
          setRemoving(undefined);
          remove.reset();
        }}
        onConfirm={() =>
          removing &&
          remove.mutate(removing, {
            onSuccess: () => {
              if (editing === removing.id) setEditing(undefined);
              setRemoving(undefined);
            },
          })
        }
      >
        {t('confirmRemove', { name: removing?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

function ThemeEditor({
  theme,
  canWrite,
  t,
  onClose,
}: {
  theme: Theme;
  canWrite: boolean;
  t: T;
  onClose: () => void;
}) {
  const { t: shell } = useI18n();
  const [draft, setDraft] = useState<ThemeBody>(() => bodyOf(theme));
  const update = useUpdateTheme();
  const upload = useUploadLogo();
  const picker = useRef<HTMLInputElement>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const warnings = contrastWarnings(draft.colors, draft.background);
  const change = (patch: Partial<ThemeBody>) => {
    setDraft((d) => ({ ...d, ...patch }));
    update.reset();
  };
  const setColor = (key: keyof ThemeColors, value: string) =>
    change({ colors: { ...draft.colors, [key]: value } });

  // The server's refusal of the custom CSS is said at the CSS box; anything else above the button.
  const cssRefused =
    update.error instanceof APIError &&
    update.error.status === 400 &&
    /^Custom CSS refused/.test(update.error.message)
      ? update.error.message
      : undefined;

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      id: theme.id,
      ...draft,
      logo: draft.logo ?? null,
      background: draft.background ?? null,
      css: draft.css?.trim() ? draft.css : null,
    });
  };

  async function chooseLogo(file: File) {
    setLogoError(undefined);
    if (file.size > OWNER_UPLOAD_MAX_BYTES) {
      setLogoError(t('logoHint'));
      return;
    }
    try {
      const image = await upload.mutateAsync(file);
      change({ logo: image.id });
    } catch (e) {
      setLogoError(errorText(e, t('logoHint')));
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="theme-editor-title">
      <form onSubmit={save}>
        <Stack>
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h3" id="theme-editor-title" style={{ overflowWrap: 'anywhere' }}>
              {t('editing', { name: theme.name })}
            </Title>
            <Button variant="default" onClick={onClose}>
              {t('close')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack>
              <TextInput
                label={t('name')}
                value={draft.name}
                maxLength={100}
                required
                disabled={!canWrite}
                onChange={(e) => change({ name: e.currentTarget.value })}
              />
              <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} disabled={!canWrite}>
                <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t('colors')}</legend>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  {COLOR_KEYS.map((key) => {
                    const low = warnings.find((w) => PAIR_AT[w.pair] === key);
                    return (
                      <TextInput
                        key={key}
                        type="color"
                        label={t(key)}
                        value={draft.colors[key]}
                        onChange={(e) => setColor(key, e.currentTarget.value)}
                        description={low ? t('lowContrast', { ratio: low.ratio }) : undefined}
                        styles={{
                          input: { padding: 2, height: 36 },
                          description: { color: 'var(--mantine-color-orange-9)' },
                        }}
                      />
                    );
                  })}
                </SimpleGrid>
              </fieldset>
              <NativeSelect
                label={t('font')}
                value={draft.font}
                disabled={!canWrite}
                onChange={(e) => change({ font: e.currentTarget.value as ThemeFont })}
                data={THEME_FONTS.map((font) => ({ value: font, label: FONT_LABELS[font](t) }))}
              />
              <Stack gap={4}>
                <Text component="span" fw={500} size="sm" id="theme-radius-label">
                  {t('radius')}: {t('radiusValue', { px: draft.radius })}
                </Text>
                <Slider
                  min={0}
                  max={24}
                  step={1}
                  value={draft.radius}
                  disabled={!canWrite}
                  thumbLabel={t('radius')}
                  label={(value) => t('radiusValue', { px: value })}
                  onChange={(value) => change({ radius: value })}
                />
              </Stack>
              <Radio.Group
                label={t('mode')}
                value={draft.mode}
                onChange={(value) => change({ mode: value as ThemeBody['mode'] })}
              >
                <Stack gap={6} mt={4}>
                  <Radio value="light" label={t('modeLight')} disabled={!canWrite} />
                  <Radio value="dark" label={t('modeDark')} disabled={!canWrite} />
                  <Radio value="auto" label={t('modeAuto')} disabled={!canWrite} />
                </Stack>
              </Radio.Group>
              <Stack gap={4}>
                <Text component="span" fw={500} size="sm">
                  {t('logo')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('logoHint')}
                </Text>
                <ImageFileInput ref={picker} onFile={(file) => void chooseLogo(file)} />
                <Group gap="xs" wrap="wrap">
                  <Button
                    variant="default"
                    disabled={!canWrite}
                    loading={upload.isPending}
                    onClick={() => picker.current?.click()}
                  >
                    {t('logo')}…
                  </Button>
                  {draft.logo ? (
                    <Button variant="subtle" disabled={!canWrite} onClick={() => change({ logo: undefined })}>
                      {t('removeLogo')}
                    </Button>
                  ) : null}
                </Group>
                {logoError ? (
                  <Text size="sm" c="red" role="alert">
                    {logoError}
                  </Text>
                ) : null}
              </Stack>
              <Textarea
                label={t('css')}
                description={t('cssHint')}
                autosize
                minRows={3}
                maxRows={14}
                value={draft.css ?? ''}
                disabled={!canWrite}
                error={cssRefused}
                styles={{ input: { fontFamily: 'monospace' } }}
                onChange={(e) => change({ css: e.currentTarget.value })}
              />
            </Stack>
            <ThemePreview theme={draft} />
          </SimpleGrid>
          {update.error && cssRefused === undefined ? (
            <Alert role="alert">
              {t('failed', { message: errorText(update.error, shell('somethingWrong')) })}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" disabled={!canWrite} loading={update.isPending}>
              {t('save')}
            </Button>
            <Text size="sm" role="status" aria-live="polite">
              {update.isSuccess ? t('saved') : ''}
            </Text>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
