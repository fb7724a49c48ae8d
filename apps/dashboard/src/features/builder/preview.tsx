import { type FormSchema, publicImageUrl, QUESTION_TYPES, resolveImageUploads } from '@formloom/contract';
import { formLanguages, hasLanguagePack } from '@formloom/contract/engine';
import { STYLE } from '@formloom/elements/markup';
import { defaultFields, type FieldComponents, type FieldProps, FormloomForm } from '@formloom/react';
import { loadLanguage } from '@formloom/runtime';
import { NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { LANGUAGE_NAMES } from '../../i18n/messages.js';
import { useTexts } from '../../i18n/texts.js';
import { useNames } from './names.js';
import { questionTexts } from './question-texts.js';
import { builderTexts } from './texts.js';

/**
 * Its children in an open shadow root styled by the element's own stylesheet (adopted, so the
 * dashboard's CSP needs no inline style): the preview looks as the public page and the element do,
 * and the dashboard's styles do not leak in.
 */
function Styled({ children, lang }: { children: ReactNode; lang: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useEffect(() => {
    const el = host.current;
    if (el === null) return;
    const shadow = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
    shadow.adoptedStyleSheets = [sheet];
    setRoot(shadow);
  }, []);
  return (
    <div ref={host} lang={lang}>
      {root === null ? null : createPortal(children, root)}
    </div>
  );
}

/**
 * The schema the preview runs: without the completion's redirect, which would take the member
 * away from the builder on a preview's submit (the note under the preview says where it goes),
 * and with uploaded images (`upload:<id>`) at their public address, as the public form has them
 * (a path of this origin, which serves them and which the renderers show over http too).
 */
function forPreview(schema: FormSchema): FormSchema {
  const shown = resolveImageUploads(schema, (id) => publicImageUrl('', id));
  const completion = shown.settings?.completion;
  if (completion?.redirectUrl === undefined) return shown;
  const { redirectUrl: _drop, ...rest } = completion;
  return { ...shown, settings: { ...shown.settings, completion: rest } };
}

/**
 * A question whose type `@formloom/react` does not draw yet: its label and a note saying so, in
 * place of nothing, so the preview still shows every question of the form.
 */
function Pending(props: FieldProps) {
  const q = useTexts(questionTexts);
  const names = useNames();
  return (
    <div className="fl-field" data-field-id={props.field.id}>
      <p className="fl-label">{props.label}</p>
      <p className="fl-help">{q('previewPending', { type: names.type[props.field.type] })}</p>
    </div>
  );
}

/** `Pending` for each question type without a default component. */
const PENDING: Partial<FieldComponents> = Object.fromEntries(
  QUESTION_TYPES.filter((type) => defaultFields[type] === undefined).map((type) => [type, Pending]),
);

/**
 * The form as the respondent sees it, drawn by `@formloom/react` from the schema being edited,
 * in any of its languages. It starts over (answers cleared) when the schema changes.
 */
export function Preview({ schema, valid }: { schema: FormSchema; valid: boolean }) {
  const t = useTexts(builderTexts);
  const languages = formLanguages(schema);
  const [picked, setPicked] = useState<string>(schema.meta.language);
  const lang = languages.includes(picked as never) ? picked : schema.meta.language;
  // The engine's browser half carries English only: the language shown is fetched from this
  // server once (as the element and the public page fetch it), and the preview drawn again.
  const [, setLoaded] = useState('');
  useEffect(() => {
    if (!hasLanguagePack(lang)) void loadLanguage(location.origin, lang).then(() => setLoaded(lang));
  }, [lang]);
  // A schema with integrity problems may not run; the last sound one stays on show.
  const [shown, setShown] = useState(schema);
  if (valid && shown !== schema) setShown(schema);
  const redirect = shown.settings?.completion?.redirectUrl;
  const running = useMemo(() => forPreview(shown), [shown]);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4" id="builder-preview">
        {t('preview')}
      </Title>
      <NativeSelect
        label={t('previewLanguage')}
        value={lang}
        data={languages.map((l) => ({
          value: l,
          label: LANGUAGE_NAMES[l as keyof typeof LANGUAGE_NAMES] ?? l,
        }))}
        onChange={(e) => setPicked(e.currentTarget.value)}
      />
      <Text size="xs" c="dimmed">
        {t('previewNote')}
      </Text>
      <Paper withBorder p="sm" component="section" aria-labelledby="builder-preview" lang={lang}>
        <Styled lang={lang}>
          <FormloomForm
            key={`${lang} ${hasLanguagePack(lang)} ${JSON.stringify(shown)}`}
            schema={running}
            lang={lang}
            components={PENDING}
            onSubmit={() => undefined}
          />
        </Styled>
      </Paper>
      {redirect === undefined ? null : (
        <Text size="xs" c="dimmed">
          {t('previewRedirect', { url: redirect })}
        </Text>
      )}
    </Stack>
  );
}
