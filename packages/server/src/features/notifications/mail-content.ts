import type { FormSchema, Language, VariableValue } from '@formloom/contract';
import { answerItems, translateSchema } from '@formloom/contract';
import { recallText } from '@formloom/contract/engine';
import { html, type SafeHtml } from '../../platform/html.js';
import { mailTexts } from './mail-texts.js';

/** A mail ready to queue: the recipient, a one-line subject and its two bodies. */
export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The response whose PDF the mail carries. Only its ids are queued: the sender makes the PDF
   * when it sends (each attempt again), so the outbox row stays small and the PDF is the one the
   * dashboard downloads.
   */
  pdf?: MailPdf;
}

/** What the sender needs to attach a response's PDF, or to say why it could not. */
export interface MailPdf {
  formId: string;
  responseId: string;
  /** The language of the mail's own words (a line saying the PDF was too large to attach). */
  language: Language;
  /** The response's page in the dashboard, where a PDF too large to attach is downloaded. */
  link: string;
}

/** What the mails of one new response are made of. */
export interface ResponseMailInput {
  formId: string;
  responseId: string;
  /** The form's schema in its base language, with its translations. */
  schema: FormSchema;
  /** The language the response was given in (`responses.language`). */
  language: Language;
  answers: Readonly<Record<string, unknown>>;
  variables?: Readonly<Record<string, VariableValue>> | undefined;
  /** The dashboard's origin (`FORMLOOM_PUBLIC_URL`): owners get a link to the response there. */
  dashboardOrigin: string;
}

/** Longest subject kept (the contract's limit for a configured one). */
const SUBJECT_MAX = 200;

/**
 * A header value from the form owner's text (a title): control characters, line breaks first of
 * all, become spaces, so nothing can start another header. Answers never reach a header at all.
 */
export function mailHeaderLine(text: string): string {
  const line = text.replace(/\p{Cc}+/gu, ' ').trim();
  return Array.from(line).slice(0, SUBJECT_MAX).join('');
}

/**
 * The respondent's address as one plain mailbox, or undefined: no display name, no list, no
 * comment, no control character, so the answer names exactly one recipient.
 */
export function singleAddress(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 254) return undefined;
  const part = '[^\\s\\p{Cc}@,;:<>()[\\]"\\\\]+';
  return new RegExp(`^${part}@${part}\\.${part}$`, 'u').test(value) ? value : undefined;
}

interface AnswerLine {
  label: string;
  value: string;
  file: boolean;
}

/** A repeating section's entries under its title, each numbered ("Guests 1") with its labelled answers. */
interface EntriesBlock {
  title: string;
  entries: { label: string; lines: AnswerLine[] }[];
}

type MailItem = AnswerLine | EntriesBlock;

const isEntries = (item: MailItem): item is EntriesBlock => 'entries' in item;

const mailLine = (l: { label: string; value: string; field: { type: string } }): AnswerLine => ({
  label: l.label,
  value: l.value,
  file: l.field.type === 'file',
});

/**
 * The answered fields in the order the form shows them, as display text (`answerItems`: option
 * labels, file names, "4/5"), a repeating section's entries numbered under its title.
 */
function answerLines(
  schema: FormSchema,
  answers: Readonly<Record<string, unknown>>,
  variables: ResponseMailInput['variables'],
  withHidden: boolean,
): MailItem[] {
  const include = (field: { type: string }) => withHidden || field.type !== 'hidden';
  return answerItems(schema, answers, { variables, include }).map((item) =>
    item.kind === 'field'
      ? mailLine(item.line)
      : {
          title: item.title,
          entries: item.entries.map((e) => ({ label: e.label, lines: e.lines.map(mailLine) })),
        },
  );
}

function variableLines(variables: ResponseMailInput['variables']): AnswerLine[] {
  return Object.entries(variables ?? {}).map(([id, value]) => ({
    label: id,
    value: String(value),
    file: false,
  }));
}

interface Body {
  heading: string;
  intro?: string | undefined;
  lines: MailItem[];
  variables: AnswerLine[];
  link?: { label: string; url: string } | undefined;
  language: Language;
}

function textBody(body: Body): string {
  const texts = mailTexts(body.language);
  /** Lines after the first indented by `pad`, so a long answer stays under its label. */
  const indent = (text: string, pad: string) => text.split(/\r\n|\r|\n/).join(`\n${pad}`);
  const fileNote = (l: AnswerLine) => (l.file ? ` (${texts.fileNotAttached})` : '');
  const entries = (block: EntriesBlock) =>
    block.entries.length === 0
      ? `  ${texts.noEntries}`
      : block.entries
          .map((e) =>
            [
              `  ${e.label}`,
              ...(e.lines.length === 0 ? [`    ${texts.noAnswers}`] : []),
              ...e.lines.map((l) => `    ${l.label}: ${indent(l.value, '      ')}${fileNote(l)}`),
            ].join('\n'),
          )
          .join('\n');
  const block = (items: MailItem[]) =>
    items
      .map((l) =>
        isEntries(l) ? `${l.title}\n${entries(l)}` : `${l.label}\n  ${indent(l.value, '  ')}${fileNote(l)}`,
      )
      .join('\n\n');
  const parts = [body.heading];
  if (body.intro !== undefined) parts.push(body.intro);
  parts.push(body.lines.length > 0 ? block(body.lines) : texts.noAnswers);
  if (body.variables.length > 0) parts.push(`${texts.variables}\n\n${block(body.variables)}`);
  if (body.link !== undefined) parts.push(`${body.link.label}: ${body.link.url}`);
  return `${parts.join('\n\n')}\n`;
}

function htmlBody(body: Body): string {
  const texts = mailTexts(body.language);
  const answer = (l: AnswerLine): SafeHtml =>
    html`<dt style="font-weight:bold;margin-top:12px">${l.label}</dt><dd style="margin:4px 0 0 0;white-space:pre-wrap">${l.value}${l.file ? html` <em>(${texts.fileNotAttached})</em>` : ''}</dd>`;
  const entries = (block: EntriesBlock): SafeHtml =>
    html`<dt style="font-weight:bold;margin-top:12px">${block.title}</dt><dd style="margin:4px 0 0 0">${
      block.entries.length === 0
        ? html`<p style="margin:4px 0">${texts.noEntries}</p>`
        : block.entries.map(
            (e) =>
              html`<p style="font-weight:bold;margin:12px 0 0 0">${e.label}</p>${
                e.lines.length === 0
                  ? html`<p style="margin:4px 0 0 16px">${texts.noAnswers}</p>`
                  : html`<dl style="margin:0 0 0 16px">${e.lines.map(answer)}</dl>`
              }`,
          )
    }</dd>`;
  const list = (items: MailItem[]): SafeHtml =>
    html`<dl>${items.map((l) => (isEntries(l) ? entries(l) : answer(l)))}</dl>`;
  const page = html`<!doctype html><html lang="${body.language}"><head><meta charset="utf-8"><title>${body.heading}</title></head><body style="font-family:sans-serif;line-height:1.4">
<h1 style="font-size:20px">${body.heading}</h1>
${body.intro === undefined ? '' : html`<p style="white-space:pre-wrap">${body.intro}</p>`}
${body.lines.length > 0 ? list(body.lines) : html`<p>${texts.noAnswers}</p>`}
${body.variables.length > 0 ? html`<h2 style="font-size:16px">${texts.variables}</h2>${list(body.variables)}` : ''}
${body.link === undefined ? '' : html`<p><a href="${body.link.url}">${body.link.label}</a></p>`}
</body></html>`;
  return `${page.value}\n`;
}

/**
 * The owners' mails of a new response, one per address: the answers (hidden fields included) and
 * the variables in the form's base language, and a link to the response in the dashboard; with
 * `attachPdf`, what the sender needs to attach the response's PDF.
 */
export function ownerMails(input: ResponseMailInput, ownerEmails: readonly string[]): ComposedMail[] {
  if (ownerEmails.length === 0) return [];
  const { schema } = input;
  const language = schema.meta.language;
  const texts = mailTexts(language);
  const heading = mailHeaderLine(`${texts.newResponse}: ${schema.meta.title}`);
  const origin = input.dashboardOrigin.replace(/\/+$/, '');
  const link = `${origin}/app/forms/${encodeURIComponent(input.formId)}/responses/${encodeURIComponent(input.responseId)}`;
  const body: Body = {
    heading,
    lines: answerLines(schema, input.answers, input.variables, true),
    variables: variableLines(input.variables),
    link: { label: texts.viewResponse, url: link },
    language,
  };
  const text = textBody(body);
  const page = htmlBody(body);
  const pdf: MailPdf | undefined = schema.settings?.notifications?.attachPdf
    ? { formId: input.formId, responseId: input.responseId, language, link }
    : undefined;
  return ownerEmails.map((to) => ({
    to,
    subject: heading,
    text,
    html: page,
    ...(pdf === undefined ? {} : { pdf }),
  }));
}

/**
 * The respondent's copy, when the form asks for one and the answer of its email field is one
 * plain address: their answers in the language they answered in (the form's translations,
 * recall applied), after the completion message. The subject is the configured one, or a
 * built-in one with the form's title; never an answer.
 */
export function respondentCopy(input: ResponseMailInput): ComposedMail | undefined {
  const settings = input.schema.settings?.notifications?.respondentCopy;
  if (settings === undefined) return undefined;
  const to = singleAddress(input.answers[settings.emailFieldId]);
  if (to === undefined) return undefined;
  const schema = translateSchema(input.schema, input.language);
  const texts = mailTexts(input.language);
  const context = { schema, answers: input.answers, variables: input.variables };
  const completion = schema.settings?.completion?.message;
  const intro = [completion === undefined ? undefined : recallText(completion, context), texts.copyIntro]
    .filter((p): p is string => p !== undefined && p !== '')
    .join('\n\n');
  const body: Body = {
    heading: mailHeaderLine(schema.meta.title),
    intro,
    lines: answerLines(schema, input.answers, input.variables, false),
    variables: [],
    language: input.language,
  };
  return {
    to,
    // The configured subject in the response's language (translateSchema), else a built-in one.
    subject: mailHeaderLine(
      schema.settings?.notifications?.respondentCopy?.subject ?? `${texts.yourAnswers}: ${schema.meta.title}`,
    ),
    text: textBody(body),
    html: htmlBody(body),
  };
}
