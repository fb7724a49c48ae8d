import type { z } from 'zod';
import { AiError, type AiTask } from './provider.js';

/** How much of a zod error's list is worth sending back in a repair round. */
const MAX_LISTED_ISSUES = 10;

/** Models wrap JSON in a Markdown fence now and then, even when told not to. */
function unfence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(text);
  return fenced === null ? text.trim() : fenced[1]!.trim();
}

/** Where in the draft a zod issue is, as `$.sections[0].fields[2].type`. */
function pathOf(path: readonly (string | number)[]): string {
  return path.reduce<string>((at, key) => (typeof key === 'number' ? `${at}[${key}]` : `${at}.${key}`), '$');
}

/**
 * The validated draft in a provider's answer text. Throws AiError `invalid_output` (with the text,
 * for a repair round) when it is not JSON or does not match the task's draft model.
 */
export function parseDraft<Draft>(task: AiTask<unknown, Draft>, text: string): Draft {
  let json: unknown;
  try {
    json = JSON.parse(unfence(text));
  } catch {
    throw new AiError('invalid_output', 'The answer was not valid JSON', text);
  }
  const parsed = task.draft.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new AiError('invalid_output', describeIssues(parsed.error), text);
}

function describeIssues(error: z.ZodError): string {
  const issues = error.issues.slice(0, MAX_LISTED_ISSUES).map((i) => `${pathOf(i.path)}: ${i.message}`);
  const more = error.issues.length - issues.length;
  return `The answer did not match the expected structure: ${issues.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}
