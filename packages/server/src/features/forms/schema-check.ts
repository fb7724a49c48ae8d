import type { CaptchaProvider, FormSchema } from '@formloom/contract';
import { checkSchema } from '@formloom/contract/integrity';
import { badRequest } from '../../domain-errors.js';

/**
 * Every schema the server stores passes the engine's integrity check first. A failure is a 400
 * that names the first problem in its message and lists all of them in `issues`.
 */
export function assertSchemaSound(
  schema: FormSchema,
  what = 'The schema',
  captchaProviders?: readonly CaptchaProvider[],
): void {
  const problems = checkSchema(schema);
  // A captcha this server cannot verify would refuse every submission: refused at save instead.
  const captcha = schema.settings?.captcha?.provider;
  if (
    problems.length === 0 &&
    captcha !== undefined &&
    captchaProviders !== undefined &&
    !captchaProviders.includes(captcha)
  ) {
    const configured = captchaProviders.length > 0 ? `; configured: ${captchaProviders.join(', ')}` : '';
    const message = `The captcha provider "${captcha}" is not configured on this server (FORMLOOM_CAPTCHA_${captcha.toUpperCase()}_SITE_KEY and _SECRET)${configured}.`;
    throw badRequest(`${what} is not valid: $.settings.captcha.provider: ${message}`, [
      { path: '$.settings.captcha.provider', code: 'captcha_not_configured', message },
    ]);
  }
  if (problems.length === 0) return;
  const first = problems[0]!;
  const more =
    problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  throw badRequest(
    `${what} is not valid: ${first.path}: ${first.message}${more}`,
    problems.map((p) => ({ path: p.path, code: p.code, message: p.message })),
  );
}
