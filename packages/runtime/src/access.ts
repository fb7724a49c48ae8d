/**
 * `@formloom/runtime/access`: a password-protected form (docs/embedding.md "A password-protected form in an embed").
 * The runtime loads this part when a public route answers 401 PASSWORD_REQUIRED: it tries the
 * token this tab kept for the form, else puts the runtime in the `password` state, whose
 * `unlock(password)` trades the password for a token sent with every later call. Renderers take
 * the prompt's texts from here (`accessTextsFor`), in the six languages.
 *
 * ```ts
 * await form.load();
 * if (form.getState().status === 'password') await unlock(form, 'open sesame');
 * ```
 */
import type { unlockPublicForm } from '@formloom/contract/public-routes';
import type { PartialHost } from './partials.js';
import type { FormRuntime, FormState } from './runtime.js';

/**
 * The unlock route, as the contract's table has it (its type holds the two equal), written out:
 * importing the table would put it in a chunk of its own that every form's start then loads.
 */
const UNLOCK_ROUTE: typeof unlockPublicForm = { method: 'POST', path: '/v1/public/forms/:code/unlock' };

interface Kept {
  token: string;
  expiresAt: string;
}

/**
 * The token is kept in the tab's session storage by default (the host page's origin, gone with the
 * tab), so a reload does not ask again; never in local storage, which outlives the visit. It opens
 * this form only, and only until its `expiresAt`. Storage may be absent or refused (Node, a
 * sandboxed frame): then the token lives as long as the runtime.
 */
function storageOf(host: PartialHost): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined {
  const given = host.options.accessStorage;
  if (given !== undefined) return given ?? undefined;
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

const keyOf = (host: PartialHost) => `formloom-access:${host.options.api}:${host.options.code}`;

function take(host: PartialHost): Kept | undefined {
  try {
    const storage = storageOf(host);
    const key = keyOf(host);
    const kept = JSON.parse(storage?.getItem(key) ?? 'null') as Kept | null;
    storage?.removeItem(key);
    return kept !== null && typeof kept.token === 'string' && Date.parse(kept.expiresAt) > Date.now()
      ? kept
      : undefined;
  } catch {
    return undefined;
  }
}

function keep(host: PartialHost, kept: Kept): void {
  try {
    storageOf(host)?.setItem(keyOf(host), JSON.stringify({ token: kept.token, expiresAt: kept.expiresAt }));
  } catch {
    // Storage refused: the token serves this runtime only.
  }
}

/**
 * The load was answered 401 PASSWORD_REQUIRED (`title`: the form's, the one thing it tells): the
 * token this tab kept for the form is tried once (taken out first, so a refused one is not tried
 * again), else the runtime waits for `unlock` in the `password` state.
 */
export async function locked(form: FormRuntime, title: string | undefined): Promise<FormState> {
  const host = form.host!;
  const kept = take(host);
  if (kept !== undefined) {
    host.transport.unlock(kept.token);
    const state = await form.load();
    if (state.status !== 'password') keep(host, kept);
    return state;
  }
  host.transport.unlock(undefined);
  host.emit({ status: 'password', title: title ?? host.state().title, problem: undefined });
  return host.state();
}

/**
 * The `password` state: trades the password for the form's unlock token, sent with every later
 * call and kept for the tab; true once the form is open. Refused, the runtime stays in the
 * `password` state with `problem`: `password` (wrong), `rate_limited` (too many tries:
 * `retryAfter` seconds) or `network`. A form that was on show (a submission was refused for want
 * of a token) is shown again with its answers, to be sent again; otherwise it loads.
 */
export async function unlock(form: FormRuntime, password: string): Promise<boolean> {
  const host = form.host;
  if (host === undefined || host.state().status !== 'password') return false;
  const result = await host.transport.call<Kept>(UNLOCK_ROUTE, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (!result.ok) {
    host.emit({ problem: result.problem, retryAfter: result.retryAfter });
    return false;
  }
  host.transport.unlock(result.data.token);
  keep(host, result.data);
  if (host.state().schema !== undefined) host.emit({ status: 'ready', problem: undefined });
  else await form.load();
  return true;
}

/** The texts of a protected form's prompt and of a form not open yet. */
export interface AccessTexts {
  passwordTitle: string;
  passwordIntro: string;
  passwordLabel: string;
  unlock: string;
  wrongPassword: string;
  /** `{seconds}`: how long to wait. */
  tooManyTries: string;
  /** The server did not answer. */
  noAnswer: string;
  notOpenTitle: string;
  notOpenBody: string;
}

const ACCESS_TEXTS: Record<string, AccessTexts> = {
  en: {
    passwordTitle: 'This form is protected',
    passwordIntro: 'Enter the password to open it.',
    passwordLabel: 'Password',
    unlock: 'Open the form',
    wrongPassword: 'That password is not right. Try again.',
    tooManyTries: 'Too many tries. Wait {seconds} seconds, then try again.',
    noAnswer: 'The server did not answer. Try again.',
    notOpenTitle: 'This form is not open yet',
    notOpenBody: 'Come back when it opens.',
  },
  tr: {
    passwordTitle: 'Bu form korumalı',
    passwordIntro: 'Açmak için parolayı girin.',
    passwordLabel: 'Parola',
    unlock: 'Formu aç',
    wrongPassword: 'Parola doğru değil. Yeniden deneyin.',
    tooManyTries: 'Çok fazla deneme. {seconds} saniye bekleyip yeniden deneyin.',
    noAnswer: 'Sunucu yanıt vermedi. Yeniden deneyin.',
    notOpenTitle: 'Bu form henüz açık değil',
    notOpenBody: 'Açıldığında yeniden gelin.',
  },
  es: {
    passwordTitle: 'Este formulario está protegido',
    passwordIntro: 'Introduce la contraseña para abrirlo.',
    passwordLabel: 'Contraseña',
    unlock: 'Abrir el formulario',
    wrongPassword: 'La contraseña no es correcta. Inténtalo de nuevo.',
    tooManyTries: 'Demasiados intentos. Espera {seconds} segundos y vuelve a intentarlo.',
    noAnswer: 'El servidor no respondió. Inténtalo de nuevo.',
    notOpenTitle: 'Este formulario aún no está abierto',
    notOpenBody: 'Vuelve cuando se abra.',
  },
  it: {
    passwordTitle: 'Questo modulo è protetto',
    passwordIntro: 'Inserisci la password per aprirlo.',
    passwordLabel: 'Password',
    unlock: 'Apri il modulo',
    wrongPassword: 'La password non è corretta. Riprova.',
    tooManyTries: 'Troppi tentativi. Attendi {seconds} secondi e riprova.',
    noAnswer: 'Il server non ha risposto. Riprova.',
    notOpenTitle: 'Questo modulo non è ancora aperto',
    notOpenBody: 'Torna quando sarà aperto.',
  },
  de: {
    passwordTitle: 'Dieses Formular ist geschützt',
    passwordIntro: 'Gib das Passwort ein, um es zu öffnen.',
    passwordLabel: 'Passwort',
    unlock: 'Formular öffnen',
    wrongPassword: 'Das Passwort stimmt nicht. Versuche es noch einmal.',
    tooManyTries: 'Zu viele Versuche. Warte {seconds} Sekunden und versuche es dann noch einmal.',
    noAnswer: 'Der Server hat nicht geantwortet. Versuche es noch einmal.',
    notOpenTitle: 'Dieses Formular ist noch nicht geöffnet',
    notOpenBody: 'Komm wieder, wenn es geöffnet ist.',
  },
  nl: {
    passwordTitle: 'Dit formulier is beveiligd',
    passwordIntro: 'Voer het wachtwoord in om het te openen.',
    passwordLabel: 'Wachtwoord',
    unlock: 'Formulier openen',
    wrongPassword: 'Dat wachtwoord klopt niet. Probeer het opnieuw.',
    tooManyTries: 'Te veel pogingen. Wacht {seconds} seconden en probeer het opnieuw.',
    noAnswer: 'De server antwoordde niet. Probeer het opnieuw.',
    notOpenTitle: 'Dit formulier is nog niet open',
    notOpenBody: 'Kom terug wanneer het opengaat.',
  },
};

/**
 * The prompt's texts in `language` (a tag such as `de-AT` takes its base), English for any other.
 * They travel with this part, not with the form's language pack: a locked form's language is
 * not known until it opens, so the renderer asks in the page's or the `lang` it was given.
 */
export function accessTextsFor(language: string | undefined): AccessTexts {
  return ACCESS_TEXTS[(language ?? '').slice(0, 2).toLowerCase()] ?? ACCESS_TEXTS.en!;
}

/**
 * What a renderer says under the prompt after a refused try (`problem` of the `password` state):
 * wrong password, too many tries (with the seconds to wait), or no answer.
 */
export function unlockRefusal(
  texts: AccessTexts,
  state: Pick<FormState, 'problem' | 'retryAfter'>,
): string | undefined {
  if (state.problem === undefined) return undefined;
  if (state.problem === 'password') return texts.wrongPassword;
  if (state.problem === 'rate_limited')
    return texts.tooManyTries.replace('{seconds}', String(state.retryAfter ?? 60));
  return texts.noAnswer;
}

/**
 * The server's message before the opening time of a form with no closed message of its own: a
 * renderer says `notOpenBody` in the respondent's language instead.
 */
const SERVER_NOT_OPEN = 'This form is not open yet';

/** What to say under `notOpenTitle` before the form opens: its own closed message, else `notOpenBody`. */
export function notOpenText(texts: AccessTexts, state: Pick<FormState, 'closedMessage'>): string {
  const message = state.closedMessage;
  return message && message !== SERVER_NOT_OPEN ? message : texts.notOpenBody;
}
