import {
  FORM_DEFINITION_FORMAT,
  type Form,
  FormDefinition,
  type FormSchema,
  type ImportProblem,
  issuesFromZodError,
  type PortableTheme,
  publicImageUrl,
  resolveImageUploads,
  type Theme,
} from '@formloom/contract';
import { badRequest } from '../../../domain-errors.js';
import type { ImportedForm } from './index.js';

/**
 * A form's portable document (`GET /v1/forms/:id/definition`): its schema without the account's
 * theme id, whose theme is carried whole instead, and with each picture it uploaded as the picture's
 * public address on this server. `base`: where this server's public addresses start.
 */
export function toDefinition(form: Form, theme: Theme | undefined, base: string, now: Date): FormDefinition {
  const { themeId: _themeId, ...settings } = form.schema.settings ?? {};
  const schema: FormSchema = {
    ...resolveImageUploads(form.schema, (id) => publicImageUrl(base, id)),
    ...(form.schema.settings === undefined ? {} : { settings }),
  };
  return {
    format: FORM_DEFINITION_FORMAT,
    formatVersion: 1,
    title: form.title,
    schema,
    ...(theme === undefined ? {} : { theme: portableTheme(theme) }),
    exportedAt: now.toISOString(),
  };
}

function portableTheme(theme: Theme): PortableTheme {
  const color = theme.background?.color;
  return {
    name: theme.name,
    colors: theme.colors,
    font: theme.font,
    radius: theme.radius,
    mode: theme.mode,
    ...(color === undefined ? {} : { background: { color } }),
    ...(theme.css === null ? {} : { css: theme.css }),
  };
}

/**
 * Reads a portable document for import. A document that is not one (or whose schema is not a
 * schema) is a 400 naming each problem under `body.definition`; what is one but cannot be carried
 * into another account is left out and reported: a theme id (the document's own theme is used), a
 * picture that is not at a public https address (an upload of another server, say), which turns its
 * picture choice into a plain one.
 */
export function fromDefinition(document: unknown): ImportedForm {
  const parsed = FormDefinition.safeParse(document);
  if (!parsed.success) {
    throw badRequest(
      'The definition is not a Formloom form document',
      issuesFromZodError(parsed.error, 'body.definition'),
    );
  }
  const { title, schema, theme } = parsed.data;
  const report: ImportProblem[] = [];
  let settings = schema.settings;
  if (settings?.themeId !== undefined) {
    const { themeId: _themeId, ...rest } = settings;
    settings = rest;
    report.push({
      path: '$.schema.settings.themeId',
      problem: "Names a theme of the account the form came from; the document's own theme is used",
    });
  }
  const fields = schema.fields.map((field, f) => {
    const lost = (field.options ?? []).filter(
      (o) => o.imageUrl !== undefined && !o.imageUrl.startsWith('https://'),
    );
    if (field.type !== 'picture_choice' || lost.length === 0) return field;
    // A picture choice needs every picture: without one it is the closest plain choice.
    const { multiple, ...rest } = field;
    const type = multiple === true ? 'checkbox' : 'radio';
    report.push({
      path: `$.schema.fields[${f}]`,
      problem: `Pictures of ${lost.map((o) => `"${o.value}"`).join(', ')} are not at public https addresses, so they could not come along: the question is a ${type} question without pictures`,
    });
    return {
      ...rest,
      type,
      options: field.options?.map(({ imageUrl: _imageUrl, ...option }) => option),
    } as typeof field;
  });
  return {
    title,
    schema: { ...schema, fields, ...(settings === undefined ? {} : { settings }) },
    theme,
    report,
  };
}
