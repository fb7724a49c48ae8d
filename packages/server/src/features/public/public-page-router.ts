import {
  accessCookieName,
  isLanguage,
  LINK_TOKEN_PARAM,
  linkCookieName,
  type PublicSmartForm,
  paymentField,
  RESERVED_FORM_SLUGS,
  type SubmissionEnding,
  verifiedCookieName,
} from '@formloom/contract';
import {
  endingScreen,
  type LanguageRequest,
  languagePack,
  prefillAnswers,
  recallText,
} from '@formloom/contract/engine';
import { quizMarksMarkup } from '@formloom/elements/markup';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { CaptchaVerifier } from '../../captcha/captcha-verifier.js';
import type { FormRow } from '../../db/database.js';
import {
  AlreadyAnsweredError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  PasswordRequiredError,
  PaymentConflictError,
  PaymentRequiredFirstError,
  RateLimitedError,
  tooLarge,
} from '../../domain-errors.js';
import { asAppError } from '../../http/app-error.js';
import { lingeringClose } from '../../http/body-parsing.js';
import { clientKey } from '../../http/client-key.js';
import { setCookie } from '../../http/cookies.js';
import { sendBody } from '../../http/send-body.js';
import type { Logger } from '../../logger.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  currentRespondentCookies,
  NotOpenYetError,
  VERIFICATION_TOKEN_TTL_SECONDS,
} from '../../platform/form-access/index.js';
import { formClosed } from '../../platform/form-errors.js';
import { html, type SafeHtml } from '../../platform/html.js';
import { chooseLanguage } from '../../platform/language-choice.js';
import { type FormTheme, toPublicForm } from '../../platform/public-form.js';
import { fontFiles } from '../../platform/theme-fonts.js';
import type { AccessService } from '../access/index.js';
import type { EmailVerification, LinksService } from '../links/index.js';
import type { PartialsService } from '../partials/index.js';
import type { ResponsesService } from '../responses/index.js';
import type { UploadsService } from '../uploads/index.js';
import { accessPageTextsFor } from './access-page-texts.js';
import { type PageAsset, pageAssets } from './assets.js';
import { cspWithCaptcha } from './captcha-csp.js';
import { editingNote, editLinkMarkup, editRefusalPage, editTokenOf, type PageEdits } from './edit-page.js';
import type { FormPostTokens } from './form-post-token.js';
import { interviewTextsFor } from './interview-texts.js';
import { cspWithLook, pageLook } from './page-look.js';
import { negotiateLanguage, pageTextsFor, plainPageTextsFor } from './page-texts.js';
import {
  actionOf,
  answersOf,
  applyEntryAction,
  entryActionOf,
  honeypotPosted,
  messagesByField,
  PAGE_FIELD,
  pageOfFirstError,
  plainPostOf,
  prefillOf,
  seedOf,
  stepOf,
  visibleOnly,
} from './plain-post.js';
import { maxPlainPostBytes, readPlainPost } from './plain-post-body.js';
import { PageExpiredError, refusalTexts } from './plain-post-refusals.js';
import { frameAncestors, OriginRefusedError, originRefused } from './public-cors.js';
import type { PublicRateLimiter } from './public-rate-limit.js';
import { renderEmailPage, renderPasswordPage } from './render-access-page.js';
import { renderInterviewPage } from './render-interview.js';
import { type PageAssetLinks, renderDonePage, renderFormPage, renderMessagePage } from './render-page.js';

/**
 * No inline script, and no inline style but a form theme's, which a page allows by its hash
 * (`cspWithLook`): the script and stylesheet come from this origin's hashed asset routes, and the
 * form's data travels in a JSON block, which is not executed.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // The fonts a form theme names, which this server ships.
  "font-src 'self'",
  // Picture choices show https images (docs/form-model.md "Question types").
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * `csp`: the page's policy (a captcha form's allows its provider). `framers`: the origins that
 * may frame the page (a form's `settings.allowedOrigins`); none may otherwise.
 */
function sendPage(
  req: Request,
  res: Response,
  status: number,
  page: string,
  csp = PAGE_CSP,
  framers?: readonly string[],
) {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  const framed = framers !== undefined && framers.length > 0;
  res.setHeader(
    'Content-Security-Policy',
    framed ? csp.replace("frame-ancestors 'none'", frameAncestors(framers)) : csp,
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // The URL holds the share code: never hand it to another site.
  res.setHeader('Referrer-Policy', 'no-referrer');
  // X-Frame-Options cannot name origins; frame-ancestors, which browsers prefer, does.
  if (!framed) res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cache-Control', 'no-store');
  sendBody(req, res, Buffer.from(page));
}

/**
 * What a request on a host asks for: a form by its slug, the root form, a share page's form by its
 * code (served only when it is the domain's account's), or nothing but whether the host is a
 * custom domain (`assets`).
 */
export type HostAsk = { slug: string } | { root: true } | { code: string } | 'assets';

export interface PublicPageDeps {
  /** The form behind a code when PUBLISHED or ARCHIVED; throws a NotFoundError otherwise. */
  publicForm: (code: string) => Promise<FormRow>;
  /** The published smart form behind a code; throws a NotFoundError otherwise. */
  publicSmartForm: (code: string) => Promise<PublicSmartForm>;
  /** FORMLOOM_PUBLIC_URL: the page names the form's images by addresses under it. */
  publicUrl: string;
  /** The captcha widgets this server shows (site key and script per provider). */
  captcha?: CaptchaVerifier;
  limiter: PublicRateLimiter | undefined;
  logger: Logger;
  /** A saved partial (`?resume=<token>`): its shuffle seed orders the page as it was first shown. */
  partial?: PartialsService['get'];
  /**
   * What a request on another host than the server's own serves (`ask`): a form's share code on a
   * verified custom domain, `no-form` for a verified domain without that form (or with another
   * account's), `not-a-custom-host` for any other host (served as ever).
   */
  hostTarget?: (host: string, ask: HostAsk) => Promise<{ code: string } | 'no-form' | 'not-a-custom-host'>;
  /** A form's theme and branding; absent, every form has the default look with the branding. */
  themeOf?: FormTheme;
  /** A password-protected form's unlock (`/f/:code/unlock`): absent, its page only asks. */
  unlock?: AccessService['unlock'];
  /**
   * Respondents' edits of their response (`?edit=<token>`, a form with `allowEdit`): served as
   * the plain HTML form whatever the browser runs. Absent, the page edits nothing.
   */
  edits?: PageEdits;
  /**
   * One response per person on the page: a personal link's state (`?t=`), a confirmed address's,
   * and the address form's code and confirmation (`/f/:code/verify`, `.../verify/confirm`).
   */
  respondents?: {
    link: LinksService['linkFor'];
    verified: EmailVerification['verifiedFor'];
    request: EmailVerification['request'];
    confirm: EmailVerification['confirm'];
  };
  /**
   * Payments through Stripe Checkout (the payments feature): a plain post of a form with a payment
   * field starts one and goes on to Stripe's page (`checkoutOrigin`, which the page's form-action
   * allows); `/f/:code/paid` completes it once the respondent is back, and thanks.
   */
  payments?: {
    start: (
      code: string,
      answers: Record<string, unknown>,
      who: { language: LanguageRequest; address: string; remoteIp?: string | undefined },
    ) => Promise<{ checkoutUrl: string }>;
    complete: (code: string, sessionId: string) => Promise<{ responseId: string; ending: SubmissionEnding }>;
    checkoutOrigin: string;
  };
  /** The form page as a plain HTML form (no JavaScript): absent, the page needs its script. */
  plainPost?: {
    tokens: FormPostTokens;
    uploads: UploadsService;
    submit: ResponsesService['submit'];
    /** A stored response's answers and variables, for the thank-you page's recalls. */
    recall: ResponsesService['recallOf'];
    /** The JSON routes' body limit, for the answers' text. */
    maxTextBytes: number;
    /** The server's own origin (FORMLOOM_PUBLIC_URL's). */
    ownOrigin: string;
  };
}

/**
 * What a page route renders once the visitor passed the limit: a page (with its own CSP when it
 * needs more than PAGE_CSP), or undefined for a 404.
 */
type RenderPage = (
  code: string,
  links: PageAssetLinks,
  req: Request,
) => Promise<
  | { status: number; page: string; csp?: string; framers?: readonly string[] }
  | { location: string }
  | undefined
>;

/** First path segments a form's slug never takes (the server's own routes), but `assets`. */
const SERVER_PATHS = new Set<string>(RESERVED_FORM_SLUGS.filter((word) => word !== 'assets'));

/** The custom domain's address a rewritten request came in on (`/contact`, `/`); undefined on the server's own. */
function servedAt(req: Request): string | undefined {
  const at: unknown = req.res?.locals.customHostPath;
  return typeof at === 'string' ? at : undefined;
}

/**
 * On a verified custom domain, `/<slug>` and `/` are the share page of the account's form with
 * that slug (its root form for `/`), and `/assets/<name>` the page's assets: the request is
 * rewritten to `/f/<code>` (`/f/assets/<name>`) and served by the same routes, with the same
 * headers and policy. Its share pages (`/f/<code>`, where a post without JavaScript thanks) serve
 * that account's forms only, and no interview page: another account's form never shows on a
 * domain it does not own. A verified domain without the form asked for answers a plain 404;
 * another host (the server's own, or one no account verified) goes on as ever.
 */
function customHosts(hostTarget: NonNullable<PublicPageDeps['hostTarget']>) {
  const notFound = (res: Response) => res.status(404).type('text/plain').send('Not found');
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return next();
    const page = /^\/(?:([^/]+)|assets\/([^/]+))?$/.exec(req.path);
    const share = /^\/([fs])\/([^/]+)(?:\/.*)?$/.exec(req.path);
    let ask: HostAsk;
    if (page !== null) {
      const [, slug, asset] = page;
      if (slug !== undefined && SERVER_PATHS.has(slug)) return next();
      if (asset !== undefined && req.method === 'POST') return next();
      ask = asset !== undefined ? 'assets' : slug !== undefined ? { slug } : { root: true };
    } else if (share !== null && share[2] !== 'assets') {
      // An interview page has no place on a custom domain: `assets` says only whether it is one.
      let code: string;
      try {
        code = decodeURIComponent(share[2]!);
      } catch {
        // Ill-formed percent-encoding (`/f/%ZZ`): no share code; the routes below answer it.
        return next();
      }
      ask = share[1] === 's' ? 'assets' : { code };
    } else {
      return next();
    }
    try {
      const target = await hostTarget(req.hostname, ask);
      if (target === 'not-a-custom-host') return next();
      const query = req.url.slice(req.path.length);
      if (page !== null && page[2] !== undefined) {
        req.url = `/f/assets/${encodeURIComponent(page[2])}${query}`;
        return next();
      }
      if (target === 'no-form' || share?.[1] === 's') return notFound(res);
      if (share !== null) return next();
      res.locals.customHostPath = req.path;
      req.url = `/f/${encodeURIComponent(target.code)}${query}`;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** `undefined` for a NotFoundError (an unknown, draft or malformed code), else the value. */
function orNotFound<T>(found: Promise<T>): Promise<T | undefined> {
  return found.catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
}

/**
 * `GET /f/:code`, the page behind a form's share link, `GET /s/:code`, the interview page behind a
 * smart form's, and their hashed static assets.
 */
export function createPublicPageRouter({
  publicForm,
  publicSmartForm,
  publicUrl,
  captcha,
  limiter,
  logger,
  partial,
  hostTarget,
  themeOf,
  plainPost,
  unlock,
  edits,
  respondents,
  payments,
}: PublicPageDeps): Router {
  const router = express.Router({ strict: true });
  // Build the script now, so the first visitor does not wait for it.
  pageAssets().catch((err: unknown) => logger.error({ err }, 'building the public page assets failed'));

  if (hostTarget !== undefined) router.use(customHosts(hostTarget));

  router.get(['/f/assets/:name', '/s/assets/:name'], async (req, res, next) => {
    try {
      const assets = await pageAssets();
      const found: PageAsset | undefined = [
        assets.script,
        assets.interview,
        assets.style,
        ...assets.chunks,
      ].find((a) => a.name === req.params.name);
      if (found === undefined) {
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      res.setHeader('Content-Type', found.contentType);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // A chunk is a module `/embed.js` imports on any origin's page: fetched in CORS mode.
      if (assets.chunks.includes(found)) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      }
      sendBody(req, res, found.body, found.gzip);
    } catch (error) {
      next(error);
    }
  });

  // The fonts form themes name: their names carry their content's hash. Any origin may load them
  // (an embed's @font-face fetches in CORS mode).
  router.get('/f/fonts/:name', (req, res) => {
    const found = fontFiles().get(req.params.name);
    if (found === undefined) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.setHeader('Content-Type', 'font/woff2');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // woff2 is compressed already.
    res.end(found.body);
  });

  // The embed script at a stable URL host pages link to: cached briefly, so a new version reaches
  // them within minutes. Any origin may load it, also as `<script type="module">`, which a browser
  // fetches in CORS mode and refuses to run without `Access-Control-Allow-Origin`; and from a page
  // that isolates itself (`Cross-Origin-Embedder-Policy`), which needs the resource policy.
  router.get('/embed.js', async (req, res, next) => {
    try {
      const { embed } = await pageAssets();
      res.setHeader('Content-Type', embed.contentType);
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      sendBody(req, res, embed.body, embed.gzip);
    } catch (error) {
      next(error);
    }
  });

  // A language's texts for a browser bundle of the engine, which has English only (the runtime's
  // `loadLanguage`): public and the same for every form, so any origin may read them.
  router.get('/embed/languages/:file', (req, res) => {
    const language = /^([a-z]{2})\.json$/.exec(req.params.file ?? '')?.[1];
    if (language === undefined || !isLanguage(language)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    sendBody(req, res, Buffer.from(JSON.stringify(languagePack(language))));
  });

  router.get(['/f/:code/', '/s/:code/'], (req, res) => {
    res.redirect(301, `../${encodeURIComponent(req.params.code as string)}`);
  });

  /** The limit, the 404, 429 and 500 pages (in the visitor's language) around `render`. */
  function pageRoute(
    path: string,
    notFound: (language: string) => [string, string],
    render: RenderPage,
    method: 'get' | 'post' = 'get',
  ) {
    router[method](path, async (req, res) => {
      const language = negotiateLanguage(req.get('accept-language'));
      const visitorTexts = pageTextsFor(language);
      let links: PageAssetLinks | undefined;
      const message = (status: number, heading: string, text: string | SafeHtml) =>
        sendPage(req, res, status, renderMessagePage(language, links!, heading, text));
      try {
        const assets = await pageAssets();
        // Relative to the page, which may sit below its code (`/f/:code/done`): `assets/` from
        // there would name `/f/:code/assets/`, a 400, and the thanks page came without its style.
        const up = '../'.repeat(path.split('/').length - 3);
        const dir = `${up}assets/`;
        links = {
          root: `${up}..`,
          script: `${dir}${assets.script.name}`,
          scriptChunks: assets.pageStart.map((chunk) => `${dir}${chunk.name}`),
          interview: `${dir}${assets.interview.name}`,
          style: `${dir}${assets.style.name}`,
        };
        const refusal = await limiter?.take(req);
        if (refusal !== undefined) {
          res.setHeader('Retry-After', String(refusal.retry_after));
          message(429, visitorTexts.tooManyTitle, visitorTexts.tooMany);
          return;
        }
        // The language follows Accept-Language: a cache must keep the languages apart.
        res.vary('Accept-Language');
        const rendered = await render(req.params.code as string, links, req);
        if (rendered === undefined) message(404, ...notFound(language));
        else if ('location' in rendered) res.status(303).location(rendered.location).end();
        else sendPage(req, res, rendered.status, rendered.page, rendered.csp, rendered.framers);
      } catch (err) {
        // A form that is locked or not open yet: the password form, or its closed message.
        const locked = links === undefined ? undefined : accessPage(err, req, links);
        if (locked !== undefined && !res.headersSent) {
          if (!req.complete) lingeringClose(req, res);
          req.resume();
          sendPage(req, res, locked.status, locked.page);
          return;
        }
        // A plain post refused on its way in (too large, too many files, no token): its page.
        const refusal = asAppError(err);
        if (refusal !== undefined && links !== undefined && !res.headersSent) {
          if (!req.complete) lingeringClose(req, res);
          req.resume();
          // Back to the page the post came from (its query keeps the language and prefill).
          const query = req.originalUrl.split('?')[1];
          const page = servedAt(req) ?? encodeURIComponent(req.params.code as string);
          const again = `${page}${query === undefined ? '' : `?${query}`}`;
          const [heading, text] = refusalTexts(
            err,
            refusal.status,
            visitorTexts,
            plainPageTextsFor(language),
            again,
          );
          message(refusal.status, heading, text);
          return;
        }
        logger.error({ reqId: req.id, err }, 'public page failed');
        if (res.headersSent) return;
        if (links === undefined) res.status(500).type('text/plain').send(visitorTexts.genericError);
        else message(500, visitorTexts.errorTitle, visitorTexts.genericError);
      }
    });
  }

  /** The page's query (language, prefill), kept on the way through the password form. */
  const queryOf = (req: Request) => req.originalUrl.split('?')[1] ?? '';

  /** The visitor's language for a page whose form is not read yet: `?lang=`, else Accept-Language. */
  const visitorLanguage = (req: Request) =>
    typeof req.query.lang === 'string' && isLanguage(req.query.lang)
      ? req.query.lang
      : negotiateLanguage(req.get('accept-language'));

  /**
   * The page of a form its access rules keep closed (`checkFormAccess`): the password form (401),
   * with why the last try failed when `said` (and its status); before its opening time its closed
   * message (409). Undefined for any other error.
   */
  function accessPage(
    error: unknown,
    req: Request,
    links: PageAssetLinks,
    said?: { text: string; status: number },
  ) {
    const language = visitorLanguage(req);
    const texts = accessPageTextsFor(language);
    if (error instanceof PasswordRequiredError) {
      // From `/f/:code` the route is `<code>/unlock`; from below it (`/f/:code/unlock`, `/done`) `unlock`.
      const code = encodeURIComponent(req.params.code as string);
      const unlock = req.path.split('/').length === 3 ? `${code}/unlock` : 'unlock';
      const page = renderPasswordPage(
        language,
        links,
        unlock,
        error.formTitle,
        texts,
        queryOf(req),
        said?.text,
      );
      return { status: said?.status ?? 401, page };
    }
    if (error instanceof NotOpenYetError) {
      const message = error.closedMessage ?? texts.notOpenBody;
      return { status: 409, page: renderMessagePage(language, links, texts.notOpenTitle, message) };
    }
    return undefined;
  }

  const formNotFound = (language: string): [string, string] => {
    const texts = pageTextsFor(language);
    return [texts.notFoundTitle, texts.notFoundBody];
  };

  /** The form behind `code` in the visitor's language, as the public route picks it, and its look. */
  async function formFor(code: string, req: Request, links: PageAssetLinks) {
    const row = await orNotFound(publicForm(code));
    if (row === undefined) return undefined;
    const theme = await themeOf?.(row, links.root);
    // The respondent's language as the public route picks it (pickLanguage): ?lang=, else
    // Accept-Language, else the form's base language; the schema's texts come translated.
    const lang = typeof req.query.lang === 'string' ? req.query.lang : undefined;
    // The page asks for a personal link or an address itself before it serves the form (and the
    // API reads its cookies): its script does not need that rule, which would make the runtime ask
    // again. `allowEdit` stays: the script's thank-you then links to the edit, which this page
    // serves as its own (`?edit=`, no script).
    const { oneResponse: _oneResponse, ...form } = toPublicForm(
      row,
      publicUrl,
      { requested: lang, acceptLanguage: req.get('accept-language') },
      captcha?.widget,
      theme,
    );
    const look = pageLook(theme, form.schema.meta.language, links.root);
    return { row, form, lang, look, texts: pageTextsFor(form.schema.meta.language) };
  }
  type Found = NonNullable<Awaited<ReturnType<typeof formFor>>>;

  const closedPage = ({ form, texts, look }: Found, links: PageAssetLinks) => ({
    status: 200,
    page: renderMessagePage(
      form.schema.meta.language,
      links,
      texts.closedTitle,
      texts.closedBody,
      form.title,
      look,
    ),
    csp: cspWithLook(PAGE_CSP, look),
  });

  /** The form page; `answers` and `state` for a plain post's (which has no script). */
  async function formPage(
    code: string,
    { form, texts, look }: Found,
    links: PageAssetLinks,
    answers: Record<string, unknown> | undefined,
    state?: Parameters<typeof plainPostOf>[4],
    seed?: string,
    linkToken?: string,
  ) {
    const { schema } = form;
    const plainTexts = plainPageTextsFor(schema.meta.language);
    const update = { label: plainTexts.update, note: plainTexts.updateNote };
    const plain =
      plainPost === undefined || answers === undefined
        ? undefined
        : plainPostOf(schema, await plainPost.tokens.issue(code), answers, update, state);
    // A personal link's token goes with the plain post (the page's script sends its cookie).
    const post =
      plain === undefined || linkToken === undefined
        ? plain
        : { ...plain, hidden: [...plain.hidden, [LINK_FIELD, linkToken] as const] };
    // A payment form's plain post goes on to Stripe's page: a redirect its form-action must allow.
    const pays = payments !== undefined && paymentField(schema) !== undefined;
    const csp = pays
      ? PAGE_CSP.replace("form-action 'self'", `form-action 'self' ${payments.checkoutOrigin}`)
      : PAGE_CSP;
    return {
      page: renderFormPage(form, texts, links, answers ?? {}, post, seed, look),
      csp: cspWithLook(cspWithCaptcha(csp, form.captcha), look),
      framers: schema.settings?.allowedOrigins,
    };
  }

  pageRoute('/f/:code', formNotFound, async (code, links, req) => {
    const found = await formFor(code, req, links);
    if (found === undefined) return undefined;
    if (found.row.publish_status !== 'PUBLISHED') return closedPage(found, links);
    const editToken = editTokenOf(req);
    if (editToken !== undefined && edits !== undefined && plainPost !== undefined) {
      return editPage(code, found, links, editToken);
    }
    const who = await respondentOf(code, found, links, req);
    if ('page' in who) return who;
    // A link's prefill over the query's (a field it fixes keeps its value at submission anyway).
    const prefill =
      who.prefill === undefined
        ? prefillOf(found.form.schema, req)
        : prefillAnswers(found.form.schema, withLinkPrefill(req, who.prefill));
    return {
      status: 200,
      ...(await formPage(
        code,
        found,
        links,
        prefill,
        undefined,
        await resumedSeed(code, req),
        who.linkToken,
      )),
    };
  });

  /**
   * A respondent's edit (`?edit=<token>`): the form filled with the response's answers, rendered
   * as after a plain post (no script takes it over: it posts itself, to this same address), so it
   * edits with or without JavaScript; the link's refusal (unknown, too late) else.
   */
  async function editPage(code: string, found: Found, links: PageAssetLinks, token: string) {
    const language = found.form.schema.meta.language;
    try {
      const current = await edits!.read(code, token);
      // The note leads the form's description (which keeps its line breaks).
      const description = found.form.description ?? found.form.schema.meta.description;
      const noted = {
        ...found,
        form: {
          ...found.form,
          description: [editingNote(language), description].filter(Boolean).join('\n\n'),
        },
      };
      const state = { page: undefined, errors: new Map<string, string>() };
      return { status: 200, ...(await formPage(code, noted, links, current.answers, state)) };
    } catch (error) {
      const refused = editRefusalPage(error, language, links, found.form.title, found.look);
      if (refused === undefined) throw error;
      return { ...refused, csp: cspWithLook(PAGE_CSP, found.look) };
    }
  }

  const secureCookies = publicUrl.startsWith('https:');

  /** The page's query with a link's prefill set over it. */
  function withLinkPrefill(req: Request, prefill: Readonly<Record<string, string>>): URLSearchParams {
    const params = new URLSearchParams(queryOf(req));
    for (const [name, value] of Object.entries(prefill)) params.set(name, value);
    return params;
  }

  /** A page of the access texts: a heading and its message, with its status. */
  function accessMessage(found: Found, links: PageAssetLinks, status: number, heading: string, text: string) {
    const { form, look } = found;
    return {
      status,
      page: renderMessagePage(form.schema.meta.language, links, heading, text, form.title, look),
      csp: cspWithLook(PAGE_CSP, look),
    };
  }

  /**
   * Who opens the form page, by its one-response rule: a personal link (`?t=`, kept in a cookie
   * for the page's script, or cleared without one), or the address confirmed before; else the
   * page that says what is missing (no or an unknown link, a used one, the address form, an
   * address that answered).
   */
  async function respondentOf(
    code: string,
    found: Found,
    links: PageAssetLinks,
    req: Request,
  ): Promise<
    | { page: string; status: number; csp: string }
    | { linkToken?: string | undefined; prefill?: Readonly<Record<string, string>> | undefined }
  > {
    if (respondents === undefined) return {};
    const { row } = found;
    const texts = accessPageTextsFor(found.form.schema.meta.language);
    const param = req.query[LINK_TOKEN_PARAM];
    const token = typeof param === 'string' && param !== '' ? param : undefined;
    const res = req.res!;
    const who: { linkToken?: string; prefill?: Readonly<Record<string, string>> } = {};
    if (token !== undefined) {
      const link = await respondents.link(row.id, token);
      if (link === undefined)
        return accessMessage(found, links, 403, texts.linkRequiredTitle, texts.linkRequiredBody);
      if (link.used) return accessMessage(found, links, 409, texts.linkUsedTitle, texts.linkUsedBody);
      setCookie(res, linkCookieName(code), token, {
        maxAge: VERIFICATION_TOKEN_TTL_SECONDS,
        secure: secureCookies,
      });
      who.linkToken = token;
      if (link.prefill !== null) who.prefill = link.prefill;
    } else {
      if (currentRespondentCookies().linkToken !== undefined)
        setCookie(res, linkCookieName(code), '', { maxAge: 0, secure: secureCookies });
      if (row.access_one_response === 'link')
        return accessMessage(found, links, 403, texts.linkRequiredTitle, texts.linkRequiredBody);
    }
    if (row.access_one_response === 'email') {
      const verified = await respondents.verified(row.id, currentRespondentCookies().verificationToken);
      if (verified === 'answered')
        return accessMessage(found, links, 409, texts.answeredTitle, texts.answeredBody);
      if (verified === undefined) return emailPage(found, links, req, {});
    }
    return who;
  }

  /** The address form (or the code form, once `step.email` was sent a code); `said`: why the last try failed. */
  function emailPage(
    found: Found,
    links: PageAssetLinks,
    req: Request,
    step: { email?: string },
    said?: { text: string; status: number },
  ) {
    const code = encodeURIComponent(req.params.code as string);
    const depth = req.path.split('/').length;
    const prefix = depth === 3 ? `${code}/` : depth === 4 ? '' : '../';
    const back = depth === 3 ? code : depth === 4 ? `../${code}` : `../../${code}`;
    const query = new URLSearchParams(queryOf(req));
    const { form, look } = found;
    return {
      status: said?.status ?? 200,
      page: renderEmailPage(
        form.schema.meta.language,
        links,
        { verify: `${prefix}verify`, confirm: `${prefix}verify/confirm`, back },
        form.title,
        accessPageTextsFor(form.schema.meta.language),
        query.toString(),
        step,
        said?.text,
      ),
      csp: cspWithLook(PAGE_CSP, look),
    };
  }

  /**
   * The address form's posts (urlencoded): `verify` sends a code and shows the code form;
   * `verify/confirm` trades it for the address's cookie and goes back to the form (303), or shows
   * the code form again saying why not.
   */
  if (respondents !== undefined) {
    pageRoute(
      '/f/:code/verify',
      formNotFound,
      async (code, links, req) => {
        const found = await formFor(code, req, links);
        if (found === undefined) return undefined;
        const posted = await readSmallForm(req);
        const email = posted.get('email') ?? '';
        const texts = accessPageTextsFor(found.form.schema.meta.language);
        try {
          await respondents.request(code, email, clientKey(req));
          return emailPage(found, links, req, { email });
        } catch (error) {
          if (error instanceof RateLimitedError) {
            req.res!.setHeader('Retry-After', String(error.rateLimit.retry_after));
            return emailPage(found, links, req, {}, { text: texts.tooManyCodes, status: 429 });
          }
          if (error instanceof InvalidInputError)
            return emailPage(found, links, req, {}, { text: error.message, status: 400 });
          throw error;
        }
      },
      'post',
    );
    pageRoute(
      '/f/:code/verify/confirm',
      formNotFound,
      async (code, links, req) => {
        const found = await formFor(code, req, links);
        if (found === undefined) return undefined;
        const posted = await readSmallForm(req);
        const email = posted.get('email') ?? '';
        const texts = accessPageTextsFor(found.form.schema.meta.language);
        try {
          const { verificationToken } = await respondents.confirm(code, email, posted.get('code') ?? '');
          setCookie(req.res!, verifiedCookieName(code), verificationToken, {
            maxAge: VERIFICATION_TOKEN_TTL_SECONDS,
            secure: secureCookies,
          });
          const query = queryOf(req);
          return { location: `../../${encodeURIComponent(code)}${query === '' ? '' : `?${query}`}` };
        } catch (error) {
          if (error instanceof AlreadyAnsweredError)
            return accessMessage(found, links, 409, texts.answeredTitle, texts.answeredBody);
          if (error instanceof ForbiddenError || error instanceof InvalidInputError)
            return emailPage(found, links, req, { email }, { text: texts.wrongCode, status: 403 });
          throw error;
        }
      },
      'post',
    );
  }

  /** The shuffle seed of the partial a `?resume=` link names, when the form shuffles and it has one. */
  async function resumedSeed(code: string, req: Request): Promise<string | undefined> {
    const token = req.query.resume;
    if (partial === undefined || typeof token !== 'string' || token === '') return undefined;
    return partial(code, token).then(
      (saved) => saved.seed,
      () => undefined,
    );
  }

  /**
   * What the thank-you page's recalls read: the response its `?r=` token names, when the token is
   * this server's for this form and unexpired (and the response is still there); else nothing, and
   * the message shows its recalls empty, never an error.
   */
  async function recalledOf(code: string, form: FormRow, req: Request) {
    const token = typeof req.query.r === 'string' ? req.query.r : undefined;
    if (plainPost === undefined || token === undefined) return undefined;
    const responseId = await plainPost.tokens.doneResponse(code, token);
    return responseId === undefined ? undefined : plainPost.recall(form, responseId);
  }

  /** A paid payment refunded because its answers could not be stored (PAYMENT_REFUNDED). */
  const isRefunded = (error: unknown) =>
    error instanceof PaymentConflictError && error.caseCode === 'PAYMENT_REFUNDED';

  // Where Stripe Checkout sends the respondent back: the payment completed here, on the server, so
  // the page works without JavaScript; again on a reload, it answers the same response.
  pageRoute('/f/:code/paid', formNotFound, async (code, links, req) => {
    if (payments === undefined) return undefined;
    const sessionId = typeof req.query.session_id === 'string' ? req.query.session_id : '';
    const found = await formFor(code, req, links);
    if (found === undefined) {
      // The form went away while its respondent paid: a paid session is refunded, and they are told.
      if (!/^\w{1,255}$/.test(sessionId)) return undefined;
      const refused = await payments.complete(code, sessionId).then(
        () => undefined,
        (error: unknown) => error,
      );
      if (!isRefunded(refused)) return undefined;
      const visitor = negotiateLanguage(req.get('accept-language'));
      const texts = plainPageTextsFor(visitor);
      const page = renderMessagePage(visitor, links, texts.refundedTitle, texts.refundedBody);
      return { status: 409, page, csp: PAGE_CSP };
    }
    const { form, texts, look } = found;
    const language = form.schema.meta.language;
    const plainTexts = plainPageTextsFor(language);
    const back = html`<a href="../${encodeURIComponent(code)}">${plainTexts.openAgain}</a>`;
    try {
      if (!/^\w{1,255}$/.test(sessionId)) throw new PaymentRequiredFirstError('No session');
      const paid = await payments.complete(code, sessionId);
      if (paid.ending.redirectUrl !== undefined && /^https:\/\//i.test(paid.ending.redirectUrl))
        return { location: paid.ending.redirectUrl };
      return {
        status: 200,
        page: renderDonePage(
          language,
          links,
          form.title,
          texts,
          paid.ending.message,
          paid.ending.title,
          undefined,
          look,
        ),
        csp: cspWithLook(PAGE_CSP, look),
      };
    } catch (error) {
      if (isRefunded(error))
        return {
          status: 409,
          page: renderMessagePage(
            language,
            links,
            plainTexts.refundedTitle,
            plainTexts.refundedBody,
            form.title,
            look,
          ),
          csp: cspWithLook(PAGE_CSP, look),
        };
      if (!(error instanceof PaymentRequiredFirstError) && !(error instanceof NotFoundError)) throw error;
      return {
        status: error instanceof NotFoundError ? 404 : 402,
        page: renderMessagePage(
          language,
          links,
          plainTexts.notPaidTitle,
          html`${plainTexts.notPaidBody} ${back}`,
          form.title,
          look,
        ),
        csp: cspWithLook(PAGE_CSP, look),
      };
    }
  });

  // The thank-you page a plain post is sent on to (303), so a reload does not post again.
  pageRoute('/f/:code/done', formNotFound, async (code, links, req) => {
    const found = await formFor(code, req, links);
    if (found === undefined) return undefined;
    const { form, texts, look } = found;
    // The response the `?r=` token names says which ending it reached (the default without one).
    const recalled = await recalledOf(code, found.row, req);
    // A form that lets respondents edit: the link to this response's edit, while it works.
    const editLink = await editLinkMarkup(edits, code, editTokenOf(req), form.schema.meta.language);
    // As the page's script fills it: option labels in the respondent's language, always text.
    const screen = endingScreen(form.schema, recalled?.endingId ?? null, {
      answers: recalled?.answers ?? {},
      variables: recalled?.variables ?? {},
    });
    return {
      status: 200,
      page: renderDonePage(
        form.schema.meta.language,
        links,
        form.title,
        texts,
        screen.message,
        screen.title,
        // A quiz's marks, each question with its answer and feedback: without JavaScript no
        // feedback came after each answer, so the page gives it all here (a quiz without
        // feedback shows the marks only where an ending recalls them).
        recalled?.quiz === undefined || form.schema.settings?.quiz?.feedback === 'none'
          ? editLink
          : html`${quizMarksMarkup(
              recalled.quiz,
              form.schema,
              recalled.answers,
              form.schema.meta.language,
              (label) =>
                recallText(label, {
                  schema: form.schema,
                  answers: recalled.answers,
                  variables: recalled.variables,
                }),
            )}${editLink ?? ''}`,
        look,
      ),
      csp: cspWithLook(PAGE_CSP, look),
    };
  });

  /**
   * The password form's post (`application/x-www-form-urlencoded`): a right password sets the
   * form's unlock cookie (HttpOnly, SameSite=Lax, Secure on an https server) and goes back to the
   * form (303); a wrong one, or too many tries, shows the password form again saying so.
   */
  if (unlock !== undefined) {
    const secure = publicUrl.startsWith('https:');
    pageRoute(
      '/f/:code/unlock',
      formNotFound,
      async (code, links, req) => {
        const password = await readPassword(req);
        const query = queryOf(req);
        const back = { location: `../${encodeURIComponent(code)}${query === '' ? '' : `?${query}`}` };
        const texts = accessPageTextsFor(visitorLanguage(req));
        try {
          const { token } = await unlock(code, password, clientKey(req));
          setCookie(req.res!, accessCookieName(code), token, { maxAge: ACCESS_TOKEN_TTL_SECONDS, secure });
          return back;
        } catch (error) {
          if (error instanceof NotFoundError) return undefined;
          // No password (any more): the form itself.
          if (error instanceof InvalidInputError) return back;
          if (error instanceof PasswordRequiredError)
            return accessPage(error, req, links, { text: texts.wrongPassword, status: 401 });
          if (error instanceof RateLimitedError) {
            req.res!.setHeader('Retry-After', String(error.rateLimit.retry_after));
            const locked = new PasswordRequiredError(error.message, await titleOf(code));
            return accessPage(locked, req, links, { text: texts.tooManyTries, status: 429 });
          }
          throw error;
        }
      },
      'post',
    );
  }

  /** The title a too-many-tries page names: the form's, read as its 401 names it. */
  async function titleOf(code: string): Promise<string> {
    try {
      return (await publicForm(code)).title;
    } catch (error) {
      if (error instanceof PasswordRequiredError) return error.formTitle;
      throw error;
    }
  }

  /**
   * A plain HTML post of the form page (no JavaScript): read through the uploads service, judged
   * by the engine page by page and by `responses.submit` in full, answered with the page again
   * (errors at their fields, answers kept) or a 303 to the thank-you page.
   */
  if (plainPost !== undefined) {
    const { tokens, uploads, submit, maxTextBytes, ownOrigin } = plainPost;
    pageRoute(
      '/f/:code',
      formNotFound,
      async (code, links, req) => {
        const found = await formFor(code, req, links);
        if (found === undefined) return undefined;
        const { row, form, lang, texts } = found;
        const { schema } = form;
        if (row.publish_status !== 'PUBLISHED') throw formClosed();
        // A form that names its origins takes posts from those (and its own page) only, as its API.
        const origin = req.get('origin');
        if (originRefused(req, origin, schema.settings?.allowedOrigins, ownOrigin)) {
          throw new OriginRefusedError(origin!);
        }
        if (!req.is('multipart/form-data'))
          throw new InvalidInputError('Send the form as multipart/form-data');
        const limit = maxPlainPostBytes(schema, { maxTextBytes });
        if (Number(req.headers['content-length'] ?? 0) > limit)
          throw tooLarge('The form is larger than the server takes');
        const body = await readPlainPost(req, row, schema, uploads, { maxTextBytes }, (t) =>
          tokens.valid(code, t),
        );
        if (!(await tokens.valid(code, body.fields.get('fl_token')?.[0]))) {
          throw new PageExpiredError();
        }
        // A personal link's token: the page's hidden input, else the page's own `?t=` the post keeps.
        const linkParam = req.query[LINK_TOKEN_PARAM];
        const linkToken =
          body.fields.get(LINK_FIELD)?.[0] ??
          (typeof linkParam === 'string' && linkParam !== '' ? linkParam : undefined);
        /** The thank-you page; after a stored response, with the token its recalls read it by. */
        const done = async (
          responseId?: string,
          ending?: { redirectUrl?: string | undefined },
          editToken?: string,
        ): Promise<{ location: string }> => {
          // The ending the server answered (its redirect is https only), else the completion's.
          const redirect =
            ending === undefined ? schema.settings?.completion?.redirectUrl : ending.redirectUrl;
          if (redirect !== undefined && /^https:\/\//i.test(redirect)) return { location: redirect };
          const query = new URLSearchParams();
          if (responseId !== undefined) query.set('r', await tokens.issueDone(code, responseId));
          if (lang !== undefined) query.set('lang', lang);
          // The thank-you page links to the response's edit (a form with `allowEdit`).
          if (editToken !== undefined) query.set('edit', editToken);
          const search = query.size === 0 ? '' : `?${query}`;
          // A custom domain's page (`/<slug>`, `/`) thanks at the share page's address on that host.
          const page = servedAt(req) === undefined ? '' : '/f/';
          return { location: `${page}${encodeURIComponent(code)}/done${search}` };
        };
        // A filled honeypot is answered as a stored submission would be, and nothing is stored.
        if (honeypotPosted(body)) return await done();
        let answers = answersOf(schema, body, req);
        // An entry's button (Add, Remove, Move up, Move down): the same page for the changed entries.
        const entryAction = entryActionOf(schema, body);
        if (entryAction !== undefined) {
          const changed = applyEntryAction(schema, answers, entryAction);
          answers = changed.answers;
          const said =
            changed.said === undefined ? undefined : { sectionId: entryAction.sectionId, text: changed.said };
          return {
            status: 200,
            ...(await formPage(
              code,
              found,
              links,
              answers,
              {
                page: body.fields.get(PAGE_FIELD)?.[0],
                errors: new Map(),
                seed: seedOf(body),
                said,
              },
              undefined,
              linkToken,
            )),
          };
        }
        const step = stepOf(
          schema,
          visibleOnly(schema, answers),
          body.fields.get(PAGE_FIELD)?.[0],
          actionOf(body),
        );
        const again = async (
          status: number,
          page: string | undefined,
          errors: Map<string, string>,
          message?: string,
        ) => ({
          status,
          ...(await formPage(
            code,
            found,
            links,
            answers,
            { page, errors, status: message, seed: seedOf(body) },
            undefined,
            linkToken,
          )),
        });
        if (step.kind === 'page') return again(step.errors.size > 0 ? 400 : 200, step.page, step.errors);
        // A respondent's edit (`?edit=<token>` kept on the post's address) replaces their answers.
        const editing = edits === undefined ? undefined : editTokenOf(req);
        try {
          // A form with a payment field: the answers go to Stripe Checkout first, stored once paid.
          if (editing === undefined && payments !== undefined && paymentField(schema) !== undefined) {
            const started = await payments.start(code, visibleOnly(schema, answers), {
              language: { requested: lang, acceptLanguage: req.get('accept-language') },
              address: clientKey(req),
              remoteIp: req.ip,
            });
            return { location: started.checkoutUrl };
          }
          const stored =
            editing === undefined
              ? await submit(
                  code,
                  visibleOnly(schema, answers),
                  undefined,
                  { requested: lang, acceptLanguage: req.get('accept-language') },
                  { token: undefined, remoteIp: req.ip },
                  undefined,
                  undefined,
                  { linkToken },
                )
              : await edits!.edit(
                  code,
                  editing,
                  {
                    answers: visibleOnly(schema, answers),
                    ...(lang !== undefined && isLanguage(lang) ? { language: lang } : {}),
                  },
                  req.get('accept-language'),
                );
          const editToken = 'editToken' in stored ? stored.editToken : editing;
          return await done(stored.responseId, stored.ending, editToken);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          const refused =
            editing === undefined
              ? undefined
              : editRefusalPage(error, schema.meta.language, links, form.title, found.look);
          if (refused !== undefined) return { ...refused, csp: cspWithLook(PAGE_CSP, found.look) };
          // One response per person: the page of what is missing, as the form page says it.
          const access = accessPageTextsFor(schema.meta.language);
          if (error instanceof AlreadyAnsweredError) {
            const [title, text] = error.message.startsWith('This link')
              ? [access.linkUsedTitle, access.linkUsedBody]
              : [access.answeredTitle, access.answeredBody];
            return accessMessage(found, links, 409, title, text);
          }
          if (error.caseCode === 'LINK_REQUIRED')
            return accessMessage(found, links, 403, access.linkRequiredTitle, access.linkRequiredBody);
          if (error.caseCode === 'VERIFICATION_REQUIRED') return emailPage(found, links, req, {});
          if (error.caseCode === 'CAPTCHA_FAILED') {
            const page = body.fields.get(PAGE_FIELD)?.[0];
            return again(400, page, new Map(), texts.captchaJsRequired);
          }
          if (error instanceof InvalidInputError && error.issues !== undefined) {
            const errors = messagesByField(error.issues);
            return again(400, pageOfFirstError(schema, errors), errors);
          }
          throw error;
        }
      },
      'post',
    );
  }

  pageRoute(
    '/s/:code',
    (language) => {
      const texts = interviewTextsFor(language);
      return [texts.notFoundTitle, texts.notFoundBody];
    },
    async (code, links, req) => {
      const form = await orNotFound(publicSmartForm(code));
      if (form === undefined) return undefined;
      // The language the interview would start in, as the server decides it (docs/ai.md "Smart-form
      // interviews").
      const { language } = chooseLanguage(form.languages, undefined, req.get('accept-language'));
      const api = `../v1/public/smart-forms/${encodeURIComponent(code)}`;
      return { status: 200, page: renderInterviewPage(form, language, links, api) };
    },
  );

  return router;
}

/** The hidden input of a personal link's token in the page's plain form. */
const LINK_FIELD = 'fl_link';

/** A small urlencoded form's post (the password form, the address forms): 4 KB at most. */
async function readSmallForm(req: Request): Promise<URLSearchParams> {
  if (!req.is('application/x-www-form-urlencoded')) throw new InvalidInputError('Send it as a form');
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 4096) throw tooLarge('The form is longer than the server takes');
  }
  return new URLSearchParams(body);
}

/** The password of the password form's post. */
async function readPassword(req: Request): Promise<string> {
  return (await readSmallForm(req)).get('password') ?? '';
}
