import { randomUUID } from 'node:crypto';
import type { SubmitResponseResult } from '@formloom/contract';
import { HONEYPOT_HEADER } from '@formloom/elements/markup';
import type { Request } from 'express';
import type { FormRow } from '../db/database.js';
import { isoNow } from '../db/json.js';
import { formClosed } from './form-errors.js';
import { schemaOf } from './form-schema.js';

/**
 * The page has an input people never see or reach (off-screen, out of the tab order, hidden from
 * screen readers); its script sends what it holds in `X-Formloom-Honeypot`. Bots that fill in
 * every input fill that one too.
 */
export function honeypotFilled(req: Request): boolean {
  const value = req.get(HONEYPOT_HEADER);
  return value !== undefined && value.trim() !== '';
}

/**
 * The answer to a submission with a filled honeypot: what a stored one looks like (201, a fresh
 * response id), with nothing stored, no webhook, no count. A bot told "rejected" tries again
 * differently; one told "done" moves on. A missing or closed form still answers 404 / 409.
 */
export async function decoySubmission(
  publicForm: (code: string) => Promise<FormRow>,
  code: string,
): Promise<SubmitResponseResult> {
  const form = await publicForm(code);
  if (form.publish_status !== 'PUBLISHED') throw formClosed();
  // A quiz's answer carries marks: nothing right, as a bot's guesses would be.
  const quiz = schemaOf(form).settings?.quiz;
  return {
    responseId: randomUUID(),
    submittedAt: isoNow(),
    endingId: null,
    ending: {},
    ...(quiz === undefined
      ? {}
      : { quiz: { correct: 0, total: 0, score: 0, passed: quiz.passScore === undefined ? null : false } }),
  };
}
