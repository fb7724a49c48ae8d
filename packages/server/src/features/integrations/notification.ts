import type { Field, FormSchema, WebhookEvent, WebhookEventType } from '@formloom/contract';
import { answerDisplayText, entryLines, entryLineText } from '@formloom/contract';
import { isEntry } from '@formloom/contract/engine';
import { DASHBOARD_INTEGRATIONS } from './browser-routes.js';

/** Platform limits (Slack text block 3,000; Discord embed title 256, description 4,096, field 1,024, all 6,000). */
export const LIMITS = {
  slackText: 3000,
  discordTitle: 256,
  discordDescription: 4096,
  discordField: 1024,
  discordFieldName: 256,
  discordTotal: 6000,
} as const;
/** One answer shown in a notification: enough to recognise it, not the whole text. */
export const ANSWER_PREVIEW_CHARS = 200;
/** FORM_RESPONSE_CREATED shows the first 3 answers: enough to recognise a response, short in a channel. */
export const ANSWERS_SHOWN = 3;
/**
 * A repeating section's entries, one line each, fill at most this many characters ("and N more"
 * after): within a Discord field's 1,024 and a Slack section field's 2,000.
 */
export const ENTRIES_PREVIEW_CHARS = 900;

export interface Notification {
  title: string;
  /** A line saying what happened. */
  summary: string;
  /** Label and value pairs (answers), each cut to ANSWER_PREVIEW_CHARS. */
  fields: { name: string; value: string }[];
  /** Link buttons: label and absolute URL. */
  links: { label: string; url: string }[];
  warning: boolean;
}

/** What each event is called in a notification. */
const EVENT_HEADLINES: Record<WebhookEventType, string> = {
  FORM_RESPONSE_CREATED: 'New response',
  FORM_RESPONSE_UPDATED: 'Response edited',
  FORM_PUBLISHED: 'Form published',
  FORM_UNPUBLISHED: 'Form unpublished',
  FORM_CREATED: 'Form created',
  FORM_DELETED: 'Form deleted',
  FORM_EXPIRED: 'Form expired',
  FORM_RESPONSES_LIMIT_REACHED: 'Response limit reached',
  ANALYTICS_REPORT_COMPLETED: 'Analytics report ready',
  SMART_FORM_SESSION_COMPLETED: 'Smart form interview completed',
};

/** Cuts `text` to `max` characters (never inside a surrogate pair), marking the cut with an ellipsis. */
export function cut(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/** Control characters out: a notification is one readable block. */
const readable = (text: string) => text.replace(/\p{Cc}/gu, (c) => (c === '\n' || c === '\t' ? c : ' '));

/**
 * An answer as a short line: its field's display text (`answerDisplayText`: option labels, "4/5",
 * "Row: Column; …") when the form's field is known, else as stored (a file is its name and size
 * only, never its content).
 */
export function answerText(value: unknown, field?: Field): string {
  if (field !== undefined) return cut(readable(answerDisplayText(field, value)), ANSWER_PREVIEW_CHARS);
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return cut(value.map((v) => answerText(v)).join(', '), ANSWER_PREVIEW_CHARS);
  if (typeof value === 'object') {
    const file = value as { name?: unknown; size?: unknown; uploadId?: unknown };
    if (typeof file.uploadId === 'string') {
      const size = typeof file.size === 'number' ? ` (${Math.max(1, Math.round(file.size / 1024))} KB)` : '';
      return cut(`File: ${String(file.name ?? 'upload')}${size}`, ANSWER_PREVIEW_CHARS);
    }
    return '';
  }
  return cut(readable(String(value)), ANSWER_PREVIEW_CHARS);
}

/**
 * A repeating section's entries, one numbered line each ("Guests 1: Guest name: Ada; Age: 40",
 * `entryLines` with the form's schema; without it the stored keys stand for the labels), as many
 * as fit in ENTRIES_PREVIEW_CHARS, then "and N more".
 */
export function entriesText(
  title: string,
  sectionId: string,
  answers: Readonly<Record<string, unknown>>,
  schema?: FormSchema,
): string {
  const entries = Array.isArray(answers[sectionId]) ? (answers[sectionId] as unknown[]) : [];
  const section = schema?.sections.find((s) => s.id === sectionId && s.repeat !== undefined);
  const lines =
    schema !== undefined && section !== undefined
      ? entryLines(schema, section, answers).map(entryLineText)
      : entries.map((entry, i) => {
          const parts = Object.entries(isEntry(entry) ? entry : {})
            .map(([key, value]) => [key, answerText(value)] as const)
            .filter(([, text]) => text !== '')
            .map(([key, text]) => `${key}: ${text}`);
          return [`${title} ${i + 1}`, ...(parts.length > 0 ? [parts.join('; ')] : [])].join(': ');
        });
  const shown: string[] = [];
  let used = 0;
  for (const line of lines.map((l) => cut(readable(l).replace(/\s*\n\s*/g, ' '), ANSWER_PREVIEW_CHARS))) {
    // Room kept for the last line, "and N more".
    if (used + line.length + 1 > ENTRIES_PREVIEW_CHARS - 20) break;
    shown.push(line);
    used += line.length + 1;
  }
  const more = lines.length - shown.length;
  return [...shown, ...(more > 0 ? [`and ${more} more`] : [])].join('\n');
}

/**
 * What a chat notification says about an event, the same for Slack and Discord:
 * the form's title, the event, the first 3 answers of a response (as display text when the form's
 * `schema` is given; a repeating section's entries one line each) and link buttons to the server.
 */
export function describeEvent(event: WebhookEvent, origin: string, schema?: FormSchema): Notification {
  const data = event.data as Record<string, unknown>;
  const formTitle = String(data.formTitle ?? data.smartFormTitle ?? 'Form');
  const formId = typeof data.formId === 'string' ? data.formId : undefined;
  const api = (path: string) => `${origin.replace(/\/+$/, '')}${path}`;
  const note: Notification = {
    title: cut(formTitle, LIMITS.discordTitle),
    summary: EVENT_HEADLINES[event.type] ?? event.type,
    fields: [],
    links: [],
    warning: event.type === 'FORM_RESPONSES_LIMIT_REACHED',
  };
  switch (event.type) {
    // An edit (posted only where a connection chose FORM_RESPONSE_UPDATED) shows as a new one does.
    case 'FORM_RESPONSE_CREATED':
    case 'FORM_RESPONSE_UPDATED': {
      const answers = Object.entries(event.data.answers);
      const stored = Object.fromEntries(answers.map(([id, { answer }]) => [id, answer]));
      for (const [fieldId, { question, answer, entries }] of answers.slice(0, ANSWERS_SHOWN)) {
        const field = schema?.fields.find((f) => f.id === fieldId);
        // A repeating section's answer: the event says so with its `entries`, as does the form.
        const repeating =
          entries !== undefined || schema?.sections.some((s) => s.id === fieldId && s.repeat !== undefined);
        const value =
          field === undefined && repeating === true
            ? entriesText(question || fieldId, fieldId, stored, schema)
            : answerText(answer, field);
        note.fields.push({ name: cut(question || 'Answer', 100), value: value || '-' });
      }
      if (answers.length > ANSWERS_SHOWN) note.summary += ` (${answers.length} answers)`;
      // A quiz's score is what its owner looks at first: the variables follow the answers.
      for (const [id, value] of Object.entries(event.data.variables ?? {}).slice(0, ANSWERS_SHOWN)) {
        note.fields.push({ name: cut(id, 100), value: answerText(value) || '-' });
      }
      note.links.push({
        label: 'View response',
        url: api(`/v1/forms/${event.data.formId}/responses/${event.data.responseId}`),
      });
      break;
    }
    case 'FORM_PUBLISHED':
      note.links.push({ label: 'Open form', url: event.data.publicUrl });
      note.links.push({ label: 'Dashboard', url: api(DASHBOARD_INTEGRATIONS) });
      break;
    case 'FORM_CREATED':
      if (formId) note.links.push({ label: 'View form', url: api(`/v1/forms/${formId}`) });
      break;
    case 'FORM_EXPIRED':
    case 'FORM_RESPONSES_LIMIT_REACHED':
      if (formId) note.links.push({ label: 'Analytics', url: api(`/v1/forms/${formId}/responses/count`) });
      break;
    case 'ANALYTICS_REPORT_COMPLETED':
      note.summary = `${note.summary}: ${cut(event.data.reportTitle, 200)}`;
      note.links.push({ label: 'View report', url: api(`/v1/ai/jobs/${event.data.jobId}`) });
      break;
    default:
      break;
  }
  return note;
}

/** Slack's Block Kit: a header, the event, each answer as a field, link buttons; text fallback for notifications. */
export function slackMessage(note: Notification, channel: string) {
  const blocks: Record<string, unknown>[] = [
    { type: 'header', text: { type: 'plain_text', text: cut(note.title, 150), emoji: false } },
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: cut(`${note.warning ? ':warning: ' : ''}*${escapeSlack(note.summary)}*`, LIMITS.slackText),
      },
    },
  ];
  if (note.fields.length > 0) {
    blocks.push({
      type: 'section',
      fields: note.fields.map((f) => ({
        type: 'mrkdwn',
        // A section field holds at most 2,000 characters; answers are far below that.
        text: cut(`*${escapeSlack(f.name)}*\n${escapeSlack(f.value)}`, 2000),
      })),
    });
  }
  if (note.links.length > 0) {
    blocks.push({
      type: 'actions',
      elements: note.links.map((l, i) => ({
        type: 'button',
        action_id: `formloom_link_${i}`,
        text: { type: 'plain_text', text: l.label },
        url: l.url,
      })),
    });
  }
  return {
    channel,
    text: cut(`${note.summary}: ${note.title}`, LIMITS.slackText),
    blocks,
    unfurl_links: false,
    unfurl_media: false,
  };
}

/** Slack's mrkdwn treats &, < and > as markup: escaped, so an answer cannot mention @channel or fake a link. */
function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Discord: one embed with the same content; link buttons need an application-owned webhook, so
 * the links are markdown links in the description. Mentions are disabled (`allowed_mentions`),
 * so an answer saying @everyone pings nobody. Kept within every embed limit, 6,000 in all.
 */
export function discordMessage(note: Notification) {
  const title = cut(note.title, LIMITS.discordTitle);
  const links = note.links.map((l) => `[${l.label}](${l.url})`).join(' · ');
  const description = cut([note.summary, links].filter(Boolean).join('\n'), LIMITS.discordDescription);
  let budget = LIMITS.discordTotal - title.length - description.length;
  const fields: { name: string; value: string; inline: boolean }[] = [];
  for (const f of note.fields) {
    const name = cut(f.name, LIMITS.discordFieldName);
    const value = cut(f.value, LIMITS.discordField);
    if (name.length + value.length > budget) break;
    budget -= name.length + value.length;
    fields.push({ name, value, inline: false });
  }
  return {
    allowed_mentions: { parse: [] as string[] },
    embeds: [
      {
        title,
        description,
        color: note.warning ? 0xf0b429 : 0x4f46e5,
        fields,
        ...(note.links[0] ? { url: note.links[0].url } : {}),
      },
    ],
  };
}
