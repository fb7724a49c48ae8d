import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import type { CaptchaVerifier } from '../../captcha/captcha-verifier.js';
import { clientKey } from '../../http/client-key.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import { decoySubmission, honeypotFilled } from '../../platform/honeypot.js';
import { type FormTheme, toPublicForm } from '../../platform/public-form.js';
import type { ResponsesService } from '../responses/index.js';
import type { InterviewService, OtpService } from '../smart-forms/index.js';
import { interviewRoutes } from './interview-router.js';

const s = initServer();

/**
 * The routes behind a share link: no API key, published (or archived, read-only) forms only, and
 * the interviews of published smart forms.
 */
export function createPublicRouter(
  responses: ResponsesService,
  /** The upload route (the uploads feature's `uploadRoute`, over this server's uploads and public forms). */
  uploadPublicFile: RouterImplementation<typeof contract.public>['uploadPublicFile'],
  interviews: InterviewService,
  otp: OtpService,
  /** FORMLOOM_PUBLIC_URL: the public form names its images by addresses under it. */
  publicUrl: string,
  captcha?: CaptchaVerifier,
  /** The form's theme and branding; none, the default look. */
  themeOf?: FormTheme,
): RouterImplementation<typeof contract.public> {
  /**
   * The answers as the client sent them when they carry a `__proto__` key: zod's copy drops that
   * key (it guards against prototype pollution), and the engine must see it to refuse it like any
   * other key that names no field. JSON.parse made it an own property; nothing reads it as a prototype.
   */
  const answersAsSent = (
    req: { body?: unknown },
    parsed: Record<string, unknown>,
  ): Record<string, unknown> => {
    const raw = (req.body as { answers?: unknown } | undefined)?.answers;
    return typeof raw === 'object' && raw !== null && Object.hasOwn(raw, '__proto__')
      ? (raw as Record<string, unknown>)
      : parsed;
  };
  const forms = s.router(contract.public, {
    getPublicForm: s.route(contract.public.getPublicForm, async ({ params, query, req, res }) => {
      const form = await responses.publicForm(params.code);
      // The texts depend on Accept-Language when there is no ?lang=: a cache must keep them apart.
      res.vary('Accept-Language');
      const language = { requested: query.lang, acceptLanguage: req.get('accept-language') };
      return {
        status: 200,
        body: successBody(
          toPublicForm(form, publicUrl, language, captcha?.widget, await themeOf?.(form)),
          'Form',
        ),
      };
    }),
    submitPublicResponse: s.route(
      contract.public.submitPublicResponse,
      async ({ params, body, headers, req }) => ({
        status: 201,
        body: successBody(
          // A filled honeypot (the page's trap for bots) is answered as stored, and not stored.
          honeypotFilled(req)
            ? await decoySubmission(responses.publicForm, params.code)
            : await responses.submit(
                params.code,
                answersAsSent(req, body.answers),
                headers['idempotency-key'],
                { requested: body.language, acceptLanguage: req.get('accept-language') },
                { token: body.captchaToken, remoteIp: req.ip },
                undefined,
                body.quizAttempt,
                { linkToken: body.linkToken, verificationToken: body.verificationToken },
              ),
          'Response stored',
        ),
      }),
    ),
    getEditableResponse: s.route(contract.public.getEditableResponse, async ({ params }) => ({
      status: 200,
      body: successBody(await responses.readForEdit(params.code, params.editToken), 'Response'),
    })),
    editPublicResponse: s.route(contract.public.editPublicResponse, async ({ params, body, req }) => ({
      status: 200,
      body: successBody(
        await responses.edit(
          params.code,
          params.editToken,
          { ...body, answers: answersAsSent(req, body.answers) },
          req.get('accept-language'),
        ),
        'Response edited',
      ),
    })),
    uploadPublicFile,
    quizFeedback: s.route(contract.public.quizFeedback, async ({ params, body, req }) => ({
      status: 200,
      body: successBody(
        await responses.quizFeedback(params.code, body, {
          address: clientKey(req),
          language: { acceptLanguage: req.get('accept-language') },
        }),
        'Answer marked',
      ),
    })),
    ...interviewRoutes(interviews, otp),
  });
  return forms;
}
