import type { FormSchema } from '@formloom/contract';
import { type CellValue, RESPONSE_ID_COLUMN } from './record-fields.js';

/** A data source's properties as Notion describes them: type by property name. */
export type NotionSchema = ReadonlyMap<string, string>;

/** Notion's cap on one rich text object's content. */
const TEXT_CHUNK = 2000;
/** Notion's cap on a rich text array's length. */
const MAX_CHUNKS = 100;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** Text as Notion's rich text: pieces of at most 2,000 characters (100 pieces at most). */
export function richText(text: string) {
  const out: { type: 'text'; text: { content: string } }[] = [];
  for (let at = 0; at < text.length && out.length < MAX_CHUNKS; at += TEXT_CHUNK) {
    out.push({ type: 'text', text: { content: text.slice(at, at + TEXT_CHUNK) } });
  }
  return out;
}

/** A select option's name: Notion refuses commas in it. */
const optionName = (text: string) => text.replace(/,/g, ' ').trim().slice(0, 100);

const asText = (cell: CellValue): string | null =>
  cell === null ? null : Array.isArray(cell) ? cell.join(', ') : String(cell);

/**
 * One cell as the value of a property of `type`; undefined when the property's type takes
 * nothing of ours (a formula, a relation, people...), so it is left alone. An empty cell empties
 * the property.
 */
export function propertyValue(type: string, cell: CellValue): unknown {
  const text = asText(cell);
  switch (type) {
    case 'title':
      return { title: richText(text ?? '') };
    case 'rich_text':
      return { rich_text: richText(text ?? '') };
    case 'number': {
      const n = typeof cell === 'number' ? cell : text === null ? Number.NaN : Number(text);
      return { number: Number.isFinite(n) ? n : null };
    }
    case 'select':
      return { select: text === null || text === '' ? null : { name: optionName(text) } };
    case 'multi_select': {
      const names = cell === null ? [] : Array.isArray(cell) ? cell : [String(cell)];
      return {
        multi_select: names
          .map(optionName)
          .filter((n) => n !== '')
          .map((name) => ({ name })),
      };
    }
    case 'date':
      return { date: text !== null && ISO_DATE.test(text) ? { start: text } : null };
    case 'email':
      return { email: text || null };
    case 'phone_number':
      return { phone_number: text || null };
    case 'url':
      return { url: text || null };
    case 'checkbox':
      return { checkbox: cell === true || text === 'true' };
    case 'files': {
      // File answers are links to the API's file route, one a line: external files to Notion.
      const links = text === null ? [] : text.split('\n').filter((l) => l !== '');
      return {
        files: links.map((url) => ({
          type: 'external',
          name: decodeURIComponent(url.split('/').at(-1) ?? 'file').slice(0, 100),
          external: { url },
        })),
      };
    }
    default:
      return undefined;
  }
}

/** The text a page is named by when no field maps to its title: the first text answer, or the response id. */
export function pageTitle(
  schema: FormSchema,
  answers: Readonly<Record<string, unknown>>,
  responseId: string,
): string {
  for (const field of schema.fields) {
    const answer = answers[field.id];
    if (field.type === 'text' && typeof answer === 'string' && answer.trim() !== '') return answer;
  }
  return responseId;
}

/**
 * A response's record (`recordFields`' cells by column name) as a Notion page's properties, by the
 * data source's property types: a cell whose name is no property of the data source is left out
 * (Notion refuses unknown properties), as is one of a type that takes nothing of ours; an empty
 * cell (an answer an edit cleared) empties its property. The title property gets the cell named
 * like it, else `title`.
 */
export function notionProperties(
  cells: Readonly<Record<string, CellValue>>,
  title: string,
  properties: NotionSchema,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, cell] of Object.entries(cells)) {
    const type = properties.get(name);
    if (type === undefined) continue;
    const value = propertyValue(type, cell);
    if (value !== undefined) out[name] = value;
  }
  const titleName = [...properties].find(([, type]) => type === 'title')?.[0];
  if (titleName !== undefined && (cells[titleName] ?? null) === null) {
    out[titleName] = propertyValue('title', title);
  }
  return out;
}

/** Whether the data source can be searched by response id: a rich text property `Response ID`. */
export const findable = (properties: NotionSchema) => properties.get(RESPONSE_ID_COLUMN) === 'rich_text';
