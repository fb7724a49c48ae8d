/**
 * `@formloom/runtime/respondent`: who answers and how often (docs/embedding.md "Personal links,
 * verified addresses and edits in an embed"). The runtime loads this part for a form whose public
 * read names `oneResponse` or `allowEdit`, or when it was given a `linkToken`:
 *
 * - a personal link's token (`linkToken`) goes with the submission; a form answered through links
 *   only, opened without one, is `unavailable` with `problem: 'link_required'`;
 * - a form answered once per address waits in the `verify` state until `requestCode(form, email)`
 *   and `confirmCode(form, email, code)` have proven one; the verification token goes with the
 *   submission;
 * - a form that lets respondents edit: the submission's `editToken` and `editUntil` are in the
 *   state; with the runtime's `editToken` option, `load()` reads that response into the answers
 *   and `submit()` replaces them.
 *
 * Refusals are the state's `problem` (`already_answered`, `link_required`, `verification_required`,
 * `edit_closed`, `edit_unknown`), said by `respondentRefusal` in the six languages.
 *
 * ```ts
 * await form.load();
 * if (form.getState().status === 'verify') {
 *   await requestCode(form, 'ada@example.com');
 *   await confirmCode(form, 'ada@example.com', '123456');
 * }
 * ```
 */
import type { EditableResponse, PublicForm, SubmitResponseResult } from '@formloom/contract';
import type { VariableValues } from '@formloom/contract/engine';
import type {
  confirmPublicEmail,
  editPublicResponse,
  getEditableResponse,
  verifyPublicEmail,
} from '@formloom/contract/public-routes';
import type { PartialHost } from './partials.js';
import type { FormRuntime, FormState } from './runtime.js';
import type { CallFailure, CallResult, Transport } from './transport.js';

/**
 * The routes, as the contract's table has them (its types hold the two equal), written out: the
 * table would be a chunk of its own that every form's start then loads (as in `./access`).
 */
const READ_EDIT: typeof getEditableResponse = {
  method: 'GET',
  path: '/v1/public/forms/:code/responses/:editToken',
};
const EDIT: typeof editPublicResponse = {
  method: 'PUT',
  path: '/v1/public/forms/:code/responses/:editToken',
};
const VERIFY: typeof verifyPublicEmail = { method: 'POST', path: '/v1/public/forms/:code/verify' };
const CONFIRM: typeof confirmPublicEmail = { method: 'POST', path: '/v1/public/forms/:code/verify/confirm' };

const json = (body: unknown): RequestInit => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A refusal of the server by its code: the problem to show and the state the form goes to. */
const REFUSALS: Record<string, [CallFailure['problem'], NonNullable<CallFailure['then']>]> = {
  ALREADY_ANSWERED: ['already_answered', 'unavailable'],
  LINK_REQUIRED: ['link_required', 'unavailable'],
  VERIFICATION_REQUIRED: ['verification_required', 'verify'],
  EDIT_WINDOW_CLOSED: ['edit_closed', 'unavailable'],
};

/** The shapes of a personal link's token (`LinkToken`) and of an edit token (`EditToken`). */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const EDIT_TOKEN = /^[A-Za-z0-9_-]{16,100}$/;

/** An edit link that names no response (404 while editing). */
const GONE: [CallFailure['problem'], 'unavailable'] = ['edit_unknown', 'unavailable'];

/** Transports this part took over already (a form loads again once a password opened it). */
const taken = new WeakSet<Transport>();

/**
 * Takes over the transport's submissions: a refusal of who answers becomes its problem and the
 * state to go to, a stored response's edit token and window go into the state, and while editing
 * a submission replaces the response's answers (and no partial is saved: completing one would
 * store a second response).
 */
function takeOver(host: PartialHost): void {
  const { transport } = host;
  if (taken.has(transport)) return;
  taken.add(transport);
  const { submit, completePartial, savePartial } = transport;
  const settle = <T extends { editToken?: string; editUntil?: string }>(result: CallResult<T>) => {
    if (result.ok) {
      const { editToken = host.state().editToken, editUntil } = result.data;
      if (editUntil !== undefined) host.emit({ editToken, editUntil });
      return result;
    }
    const editing = host.state().editing === true;
    const refusal = REFUSALS[result.code ?? ''] ?? (editing && result.status === 404 ? GONE : undefined);
    if (refusal !== undefined) [result.problem, result.then] = refusal;
    return result;
  };
  transport.submit = async (body, key, headers) => {
    const state = host.state();
    if (state.editing !== true) return settle(await submit(body, key, headers));
    // An edit takes the answers and their language only: no captcha, link or address again.
    const edited = await transport.call<SubmitResponseResult & { variables?: VariableValues }>(
      EDIT,
      json({ answers: body.answers, language: body.language }),
      { editToken: state.editToken! },
    );
    return settle(edited);
  };
  transport.completePartial = async (...args) => settle(await completePartial(...args));
  transport.savePartial = (token, body) =>
    host.state().editing === true
      ? Promise.resolve({ ok: true, status: 200, data: {} })
      : savePartial(token, body);
}

/**
 * After the form loaded (the runtime calls this): the link's token to send, the address to prove,
 * or the response to edit (the runtime's `editToken`), its answers put in the form's.
 * @internal
 */
export async function begin(form: FormRuntime, read: Pick<PublicForm, 'oneResponse'>): Promise<void> {
  const host = form.host!;
  takeOver(host);
  // A value not shaped as the server's tokens is not one: a host page's own `?t=` or `?edit=`
  // (the element reads them by default) leaves its forms as they are.
  const { linkToken: link, editToken: edit } = host.options;
  const linkToken = link !== undefined && LINK_TOKEN.test(link) ? link : undefined;
  const editToken = edit !== undefined && EDIT_TOKEN.test(edit) ? edit : undefined;
  if (editToken !== undefined) {
    // Loading until the response's answers are in: nothing typed before is overwritten.
    host.emit({ status: 'loading' });
    const found = await host.transport.call<EditableResponse>(READ_EDIT, {}, { editToken });
    if (!found.ok) {
      const [problem] =
        found.code === 'EDIT_WINDOW_CLOSED'
          ? REFUSALS.EDIT_WINDOW_CLOSED!
          : found.status === 404
            ? GONE
            : [found.problem];
      host.emit({ status: 'unavailable', problem, retryAfter: found.retryAfter });
      return;
    }
    const keys = new Set(host.keys());
    const state = host.state();
    const answers: Record<string, unknown> = { ...state.answers };
    for (const [id, value] of Object.entries(found.data.answers)) {
      if (keys.has(id) && !state.locked.has(id) && value !== null) answers[id] = value;
    }
    host.emit({
      status: 'ready',
      editing: true,
      editToken,
      editUntil: found.data.editUntil,
      ...host.answer(answers),
    });
    return;
  }
  if (linkToken !== undefined) host.emit({ sends: { ...host.state().sends, linkToken } });
  else if (read.oneResponse === 'link') {
    host.emit({ status: 'unavailable', problem: 'link_required' });
    return;
  }
  if (read.oneResponse === 'email') host.emit({ status: 'verify', problem: undefined });
}

/** A refused call's problem for the respondent: 429 and no answer as they are, anything else `otherwise`. */
const problemOf = (result: CallFailure, otherwise: CallFailure['problem']) =>
  result.problem === 'rate_limited' || result.problem === 'network' ? result.problem : otherwise;

/**
 * The `verify` state: mails a 6-digit code to `email` (valid 10 minutes); true once sent, and
 * `codeSent` says to which address. Refused: `problem` is `invalid` (not an address),
 * `rate_limited` (too many codes: `retryAfter` seconds) or `network`.
 */
export async function requestCode(form: FormRuntime, email: string): Promise<boolean> {
  const host = form.host;
  if (host === undefined || host.state().status !== 'verify') return false;
  const result = await host.transport.call(VERIFY, json({ email }));
  if (!result.ok) {
    host.emit({ problem: problemOf(result, 'invalid'), retryAfter: result.retryAfter });
    return false;
  }
  host.emit({ codeSent: email, problem: undefined });
  return true;
}

/**
 * The `verify` state: trades the mailed code for the address's verification token, sent with the
 * submission; the form is `ready` then (a submission that was refused for want of one is sent
 * again by the renderer). Refused: `problem` is `code` (wrong or expired: ask for a new one after
 * five tries), `rate_limited` or `network`; an address that has answered already makes the form
 * `unavailable` with `already_answered`.
 */
export async function confirmCode(form: FormRuntime, email: string, code: string): Promise<boolean> {
  const host = form.host;
  if (host === undefined || host.state().status !== 'verify') return false;
  const result = await host.transport.call<{ verificationToken: string }>(
    CONFIRM,
    json({ email, code: code.trim() }),
  );
  if (!result.ok) {
    // An address that has answered is told so here, before the respondent fills the form in.
    if (result.code === 'ALREADY_ANSWERED')
      host.emit({ status: 'unavailable', problem: 'already_answered', codeSent: undefined });
    else host.emit({ problem: problemOf(result, 'code'), retryAfter: result.retryAfter });
    return false;
  }
  const { verificationToken } = result.data;
  host.emit({
    status: 'ready',
    problem: undefined,
    codeSent: undefined,
    sends: { ...host.state().sends, verificationToken },
  });
  return true;
}

/**
 * The texts of who answers and of edits: a personal link missing or used, the address to prove,
 * an address that answered, an edit's link and a link that no longer works. `{email}` and
 * `{time}` are filled in where they appear. The public page says the same.
 */
export interface RespondentTexts {
  /** A form answered through personal links only, opened without one (or with an unknown one). */
  linkRequiredTitle: string;
  linkRequiredBody: string;
  /** A personal link that has answered already. */
  linkUsedTitle: string;
  linkUsedBody: string;
  /** A form answered once per proven address: the address form, then the code form. */
  emailTitle: string;
  emailIntro: string;
  emailLabel: string;
  sendCode: string;
  /** `{email}` is filled in. */
  codeIntro: string;
  codeLabel: string;
  confirmCode: string;
  otherAddress: string;
  wrongCode: string;
  tooManyCodes: string;
  /** The address answered already. */
  answeredTitle: string;
  answeredBody: string;
  /** The link to change a response, and (`{time}`) until when it works. */
  editLink: string;
  editUntil: string;
  /** Above the form while it edits a response. */
  editing: string;
  /** An edit link that names no response. */
  goneTitle: string;
  goneBody: string;
  /** An edit link whose time has passed. */
  closedTitle: string;
  closedBody: string;
}

const RESPONDENT_TEXTS: Record<string, RespondentTexts> = {
  en: {
    linkRequiredTitle: 'This form needs your personal link',
    linkRequiredBody: 'Open the form with the link you were sent. This link is not valid.',
    linkUsedTitle: 'This link has been used',
    linkUsedBody: 'Each personal link answers the form once, and this one has answered already.',
    emailTitle: 'Confirm your e-mail address',
    emailIntro: 'Each address answers this form once. We will send you a code.',
    emailLabel: 'E-mail address',
    sendCode: 'Send me a code',
    codeIntro: 'Enter the 6-digit code we sent to {email}. It is valid for 10 minutes.',
    codeLabel: 'Code',
    confirmCode: 'Confirm',
    otherAddress: 'Use another address',
    wrongCode: 'That code is not right, or it has expired.',
    tooManyCodes: 'Too many codes asked for. Try again later.',
    answeredTitle: 'You have answered already',
    answeredBody: 'This address has answered the form. Thank you.',
    editLink: 'Change your answers',
    editUntil: 'You can change your answers until {time}.',
    editing: 'You are changing the answers you sent. Send the form to save the changes.',
    goneTitle: 'This edit link does not work',
    goneBody: 'It may be mistyped, or the response was deleted.',
    closedTitle: 'This response can no longer be changed',
    closedBody: 'The time to change your answers has passed.',
  },
  tr: {
    linkRequiredTitle: 'Bu form kişisel bağlantınızı gerektiriyor',
    linkRequiredBody: 'Formu size gönderilen bağlantıyla açın. Bu bağlantı geçerli değil.',
    linkUsedTitle: 'Bu bağlantı kullanıldı',
    linkUsedBody: 'Her kişisel bağlantı formu bir kez yanıtlar ve bu bağlantı zaten yanıtladı.',
    emailTitle: 'E-posta adresinizi doğrulayın',
    emailIntro: 'Her adres bu formu bir kez yanıtlar. Size bir kod göndereceğiz.',
    emailLabel: 'E-posta adresi',
    sendCode: 'Bana kod gönder',
    codeIntro: '{email} adresine gönderdiğimiz 6 haneli kodu girin. 10 dakika geçerlidir.',
    codeLabel: 'Kod',
    confirmCode: 'Doğrula',
    otherAddress: 'Başka bir adres kullan',
    wrongCode: 'Kod doğru değil ya da süresi doldu.',
    tooManyCodes: 'Çok fazla kod istendi. Daha sonra yeniden deneyin.',
    answeredTitle: 'Zaten yanıtladınız',
    answeredBody: 'Bu adres formu yanıtladı. Teşekkürler.',
    editLink: 'Yanıtlarınızı değiştirin',
    editUntil: 'Yanıtlarınızı {time} tarihine kadar değiştirebilirsiniz.',
    editing: 'Gönderdiğiniz yanıtları değiştiriyorsunuz. Değişiklikleri kaydetmek için formu gönderin.',
    goneTitle: 'Bu düzenleme bağlantısı çalışmıyor',
    goneBody: 'Yanlış yazılmış olabilir ya da yanıt silinmiş olabilir.',
    closedTitle: 'Bu yanıt artık değiştirilemez',
    closedBody: 'Yanıtları değiştirme süresi geçti.',
  },
  es: {
    linkRequiredTitle: 'Este formulario necesita tu enlace personal',
    linkRequiredBody: 'Abre el formulario con el enlace que te enviaron. Este enlace no es válido.',
    linkUsedTitle: 'Este enlace ya se usó',
    linkUsedBody: 'Cada enlace personal responde el formulario una vez, y este ya respondió.',
    emailTitle: 'Confirma tu dirección de correo',
    emailIntro: 'Cada dirección responde este formulario una vez. Te enviaremos un código.',
    emailLabel: 'Correo electrónico',
    sendCode: 'Envíame un código',
    codeIntro: 'Introduce el código de 6 cifras que enviamos a {email}. Es válido durante 10 minutos.',
    codeLabel: 'Código',
    confirmCode: 'Confirmar',
    otherAddress: 'Usar otra dirección',
    wrongCode: 'El código no es correcto o ha caducado.',
    tooManyCodes: 'Se pidieron demasiados códigos. Inténtalo más tarde.',
    answeredTitle: 'Ya has respondido',
    answeredBody: 'Esta dirección ya respondió el formulario. Gracias.',
    editLink: 'Cambia tus respuestas',
    editUntil: 'Puedes cambiar tus respuestas hasta el {time}.',
    editing: 'Estás cambiando las respuestas que enviaste. Envía el formulario para guardar los cambios.',
    goneTitle: 'Este enlace de edición no funciona',
    goneBody: 'Puede que esté mal escrito o que la respuesta se haya eliminado.',
    closedTitle: 'Esta respuesta ya no se puede cambiar',
    closedBody: 'El plazo para cambiar tus respuestas ha pasado.',
  },
  it: {
    linkRequiredTitle: 'Questo modulo richiede il tuo link personale',
    linkRequiredBody: 'Apri il modulo con il link che ti è stato inviato. Questo link non è valido.',
    linkUsedTitle: 'Questo link è già stato usato',
    linkUsedBody: 'Ogni link personale vale per una sola risposta, e questo ha già risposto.',
    emailTitle: 'Conferma il tuo indirizzo email',
    emailIntro: 'Ogni indirizzo risponde a questo modulo una volta. Ti invieremo un codice.',
    emailLabel: 'Indirizzo email',
    sendCode: 'Inviami un codice',
    codeIntro: 'Inserisci il codice di 6 cifre inviato a {email}. È valido per 10 minuti.',
    codeLabel: 'Codice',
    confirmCode: 'Conferma',
    otherAddress: 'Usa un altro indirizzo',
    wrongCode: 'Il codice non è corretto o è scaduto.',
    tooManyCodes: 'Troppi codici richiesti. Riprova più tardi.',
    answeredTitle: 'Hai già risposto',
    answeredBody: 'Questo indirizzo ha già risposto al modulo. Grazie.',
    editLink: 'Modifica le tue risposte',
    editUntil: 'Puoi modificare le tue risposte fino al {time}.',
    editing: 'Stai modificando le risposte che hai inviato. Invia il modulo per salvare le modifiche.',
    goneTitle: 'Questo link di modifica non funziona',
    goneBody: 'Potrebbe essere scritto male, oppure la risposta è stata eliminata.',
    closedTitle: 'Questa risposta non può più essere modificata',
    closedBody: 'Il tempo per modificare le risposte è scaduto.',
  },
  de: {
    linkRequiredTitle: 'Dieses Formular braucht Ihren persönlichen Link',
    linkRequiredBody:
      'Öffnen Sie das Formular mit dem Link, den Sie erhalten haben. Dieser Link ist nicht gültig.',
    linkUsedTitle: 'Dieser Link wurde schon benutzt',
    linkUsedBody: 'Jeder persönliche Link gilt für eine Antwort, und mit diesem wurde schon geantwortet.',
    emailTitle: 'Bestätigen Sie Ihre E-Mail-Adresse',
    emailIntro: 'Jede Adresse beantwortet dieses Formular einmal. Wir senden Ihnen einen Code.',
    emailLabel: 'E-Mail-Adresse',
    sendCode: 'Code senden',
    codeIntro: 'Geben Sie den 6-stelligen Code ein, den wir an {email} gesendet haben. Er gilt 10 Minuten.',
    codeLabel: 'Code',
    confirmCode: 'Bestätigen',
    otherAddress: 'Andere Adresse verwenden',
    wrongCode: 'Der Code stimmt nicht oder ist abgelaufen.',
    tooManyCodes: 'Zu viele Codes angefordert. Versuchen Sie es später noch einmal.',
    answeredTitle: 'Sie haben schon geantwortet',
    answeredBody: 'Mit dieser Adresse wurde das Formular schon beantwortet. Danke.',
    editLink: 'Antworten ändern',
    editUntil: 'Sie können Ihre Antworten bis {time} ändern.',
    editing:
      'Sie ändern die Antworten, die Sie gesendet haben. Senden Sie das Formular, um die Änderungen zu speichern.',
    goneTitle: 'Dieser Bearbeitungslink funktioniert nicht',
    goneBody: 'Er ist vielleicht falsch geschrieben, oder die Antwort wurde gelöscht.',
    closedTitle: 'Diese Antwort kann nicht mehr geändert werden',
    closedBody: 'Die Zeit zum Ändern der Antworten ist abgelaufen.',
  },
  nl: {
    linkRequiredTitle: 'Dit formulier vraagt uw persoonlijke link',
    linkRequiredBody: 'Open het formulier met de link die u kreeg. Deze link is niet geldig.',
    linkUsedTitle: 'Deze link is al gebruikt',
    linkUsedBody: 'Elke persoonlijke link geldt voor één antwoord, en met deze is al geantwoord.',
    emailTitle: 'Bevestig uw e-mailadres',
    emailIntro: 'Elk adres beantwoordt dit formulier één keer. We sturen u een code.',
    emailLabel: 'E-mailadres',
    sendCode: 'Stuur mij een code',
    codeIntro: 'Voer de 6-cijferige code in die we naar {email} stuurden. Hij is 10 minuten geldig.',
    codeLabel: 'Code',
    confirmCode: 'Bevestigen',
    otherAddress: 'Een ander adres gebruiken',
    wrongCode: 'Die code klopt niet of is verlopen.',
    tooManyCodes: 'Te veel codes aangevraagd. Probeer het later opnieuw.',
    answeredTitle: 'U hebt al geantwoord',
    answeredBody: 'Met dit adres is het formulier al beantwoord. Bedankt.',
    editLink: 'Wijzig je antwoorden',
    editUntil: 'Je kunt je antwoorden wijzigen tot {time}.',
    editing:
      'Je wijzigt de antwoorden die je hebt verstuurd. Verstuur het formulier om de wijzigingen op te slaan.',
    goneTitle: 'Deze bewerkingslink werkt niet',
    goneBody: 'Hij is misschien verkeerd getypt, of het antwoord is verwijderd.',
    closedTitle: 'Dit antwoord kan niet meer worden gewijzigd',
    closedBody: 'De tijd om je antwoorden te wijzigen is voorbij.',
  },
};

/** The texts in `language` (a tag such as `de-AT` takes its base), English for any other. */
export function respondentTextsFor(language: string | undefined): RespondentTexts {
  return RESPONDENT_TEXTS[(language ?? '').slice(0, 2).toLowerCase()] ?? RESPONDENT_TEXTS.en!;
}

/** An edit window's end as a person reads it in `language`: date and time, in UTC, said so. */
export function editTime(iso: string, language: string): string {
  const format = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return `${format.format(new Date(iso))} UTC`;
}

/**
 * What a renderer says of a refusal of who answers or of an edit (the state's `problem`): a title
 * and a text; undefined for any other problem. An answered form says whether its link or its
 * address answered.
 */
export function respondentRefusal(
  texts: RespondentTexts,
  state: Pick<FormState, 'problem' | 'sends'>,
): [title: string, body: string] | undefined {
  switch (state.problem) {
    case 'link_required':
      return [texts.linkRequiredTitle, texts.linkRequiredBody];
    case 'already_answered':
      return state.sends?.linkToken === undefined
        ? [texts.answeredTitle, texts.answeredBody]
        : [texts.linkUsedTitle, texts.linkUsedBody];
    case 'edit_closed':
      return [texts.closedTitle, texts.closedBody];
    case 'edit_unknown':
      return [texts.goneTitle, texts.goneBody];
    default:
      return undefined;
  }
}

/**
 * The address of a response's edit: `page` (the host page's address, or the server's form page
 * `/f/:code`) with `?edit=<token>`, a personal link's `t` and an old `edit` taken off.
 */
export function editUrl(page: string, token: string): string {
  const url = new URL(page);
  url.searchParams.delete('t');
  url.searchParams.set('edit', token);
  url.hash = '';
  return url.href;
}
