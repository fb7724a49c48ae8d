import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { clientKey } from '../../http/client-key.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import { honeypotFilled } from '../../platform/honeypot.js';
import type { InterviewService, OtpService } from '../smart-forms/index.js';

const s = initServer();

/** The public interview routes of `contract.public` (share code; then the session token). */
type InterviewRoutes = Pick<
  RouterImplementation<typeof contract.public>,
  | 'getPublicSmartForm'
  | 'requestSmartFormOtp'
  | 'verifySmartFormOtp'
  | 'startSmartFormSession'
  | 'answerSmartFormQuestion'
  | 'getNextSmartFormQuestion'
  | 'finishSmartFormSession'
>;

export function interviewRoutes(interviews: InterviewService, otp: OtpService): InterviewRoutes {
  return {
    getPublicSmartForm: s.route(contract.public.getPublicSmartForm, async ({ params }) => ({
      status: 200,
      body: successBody(await interviews.publicSmartForm(params.code), 'Smart form'),
    })),
    requestSmartFormOtp: s.route(contract.public.requestSmartFormOtp, async ({ params, body, req }) => ({
      status: 202,
      body: successBody(await otp.request(params.code, body.email, clientKey(req)), 'Code sent'),
    })),
    verifySmartFormOtp: s.route(contract.public.verifySmartFormOtp, async ({ params, body }) => ({
      status: 200,
      body: successBody(await otp.verify(params.code, body.email, body.code), 'Email verified'),
    })),
    startSmartFormSession: s.route(contract.public.startSmartFormSession, async ({ params, body, req }) => {
      const context = { acceptLanguage: req.get('accept-language') };
      // A filled honeypot (the page's hidden input) gets a decoy: a bot told "started" moves on.
      const started = honeypotFilled(req)
        ? await interviews.decoyStart(params.code, body, context)
        : await interviews.start(params.code, body, context);
      return { status: 201, body: successBody(started, 'Interview started') };
    }),
    answerSmartFormQuestion: s.route(
      contract.public.answerSmartFormQuestion,
      async ({ params, body, req }) => ({
        status: 200,
        body: successBody(await interviews.answer(params.code, params.sessionId, body, req), 'Answer stored'),
      }),
    ),
    getNextSmartFormQuestion: s.route(contract.public.getNextSmartFormQuestion, async ({ params, req }) => ({
      status: 200,
      body: successBody(await interviews.next(params.code, params.sessionId, req), 'Current question'),
    })),
    finishSmartFormSession: s.route(contract.public.finishSmartFormSession, async ({ params, req }) => ({
      status: 200,
      body: successBody(await interviews.finish(params.code, params.sessionId, req), 'Interview finished'),
    })),
  };
}
