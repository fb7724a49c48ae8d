import type { Language } from '@formloom/contract';
import { type PageTexts, pageTextsFor } from './page-texts.js';

/** The texts both pages say alike, taken from the form page's so each is translated once. */
type Shared = 'networkError' | 'genericError' | 'tooMany' | 'tooManyTitle' | 'errorTitle' | 'honeypot';
const SHARED: readonly Shared[] = [
  'networkError',
  'genericError',
  'tooMany',
  'tooManyTitle',
  'errorTitle',
  'honeypot',
];

/**
 * The interview page's own texts (`/s/:code`). `{max}`, `{n}`, `{count}` and `{email}` are
 * filled in where they appear. The server's messages are English, so the page says its own.
 */
export interface InterviewTexts extends Pick<PageTexts, Shared> {
  intro: string;
  language: string;
  start: string;
  privateNote: string;
  emailLabel: string;
  sendCode: string;
  invalidEmail: string;
  codeLabel: string;
  codeSent: string;
  verify: string;
  invalidCode: string;
  wrongCode: string;
  otherEmail: string;
  progress: string;
  counter: string;
  hint: string;
  send: string;
  finishNow: string;
  emptyAnswer: string;
  tooLong: string;
  thinking: string;
  reconnecting: string;
  finishing: string;
  doneTitle: string;
  ended: string;
  notFoundTitle: string;
  notFoundBody: string;
  jsRequired: string;
}

type Own = Omit<InterviewTexts, Shared>;

const en: Own = {
  intro: 'Up to {max} questions, one at a time. Answer in your own words.',
  language: 'Language',
  start: 'Start the interview',
  privateNote: 'This interview is private: we will email you a code to confirm your address.',
  emailLabel: 'Your email address',
  sendCode: 'Send me a code',
  invalidEmail: 'Enter a valid email address.',
  codeLabel: 'Code from the email',
  codeSent: 'We sent a 6-digit code to {email}. It is valid for 10 minutes.',
  verify: 'Verify and start',
  invalidCode: 'Enter the 6 digits from the email.',
  wrongCode: 'This code is wrong or has expired. Check it, or ask for a new one.',
  otherEmail: 'Use another email or send a new code',
  progress: 'Question {n} of at most {max}',
  counter: '{count} of {max} characters',
  hint: 'Ctrl+Enter sends your answer.',
  send: 'Send answer',
  finishNow: 'Finish now',
  emptyAnswer: 'Write an answer first.',
  tooLong: 'Your answer is too long: at most {max} characters.',
  thinking: 'Preparing the next question…',
  reconnecting: 'The connection was lost. Your answer will be sent as soon as it is back…',
  finishing: 'Finishing…',
  doneTitle: 'Thank you!',
  ended: 'This interview has already ended. You can start a new one.',
  notFoundTitle: 'Interview not found',
  notFoundBody: 'The link may be mistyped, or the interview is no longer published.',
  jsRequired: 'This interview needs JavaScript.',
};

const tr: Own = {
  intro: 'En fazla {max} soru, birer birer. Kendi sözlerinizle yanıtlayın.',
  language: 'Dil',
  start: 'Görüşmeyi başlat',
  privateNote: 'Bu görüşme özeldir: adresinizi doğrulamak için size e-postayla bir kod göndereceğiz.',
  emailLabel: 'E-posta adresiniz',
  sendCode: 'Bana kod gönder',
  invalidEmail: 'Geçerli bir e-posta adresi girin.',
  codeLabel: 'E-postadaki kod',
  codeSent: '{email} adresine 6 haneli bir kod gönderdik. Kod 10 dakika geçerlidir.',
  verify: 'Doğrula ve başlat',
  invalidCode: 'E-postadaki 6 haneyi girin.',
  wrongCode: 'Bu kod yanlış ya da süresi dolmuş. Kontrol edin veya yeni bir kod isteyin.',
  otherEmail: 'Başka bir e-posta kullan veya yeni kod gönder',
  progress: 'Soru {n} / en fazla {max}',
  counter: '{count} / {max} karakter',
  hint: 'Ctrl+Enter yanıtınızı gönderir.',
  send: 'Yanıtı gönder',
  finishNow: 'Şimdi bitir',
  emptyAnswer: 'Önce bir yanıt yazın.',
  tooLong: 'Yanıtınız çok uzun: en fazla {max} karakter.',
  thinking: 'Sonraki soru hazırlanıyor…',
  reconnecting: 'Bağlantı koptu. Yanıtınız bağlantı gelir gelmez gönderilecek…',
  finishing: 'Bitiriliyor…',
  doneTitle: 'Teşekkürler!',
  ended: 'Bu görüşme zaten sona erdi. Yeni bir görüşme başlatabilirsiniz.',
  notFoundTitle: 'Görüşme bulunamadı',
  notFoundBody: 'Bağlantı hatalı yazılmış olabilir ya da görüşme artık yayında değil.',
  jsRequired: 'Bu görüşme için JavaScript gerekir.',
};

const es: Own = {
  intro: 'Hasta {max} preguntas, una a una. Responde con tus propias palabras.',
  language: 'Idioma',
  start: 'Empezar la entrevista',
  privateNote: 'Esta entrevista es privada: te enviaremos un código por correo para confirmar tu dirección.',
  emailLabel: 'Tu correo electrónico',
  sendCode: 'Envíame un código',
  invalidEmail: 'Escribe un correo electrónico válido.',
  codeLabel: 'Código del correo',
  codeSent: 'Hemos enviado un código de 6 cifras a {email}. Es válido durante 10 minutos.',
  verify: 'Verificar y empezar',
  invalidCode: 'Escribe las 6 cifras del correo.',
  wrongCode: 'El código es incorrecto o ha caducado. Revísalo o pide uno nuevo.',
  otherEmail: 'Usar otro correo o enviar un código nuevo',
  progress: 'Pregunta {n} de {max} como máximo',
  counter: '{count} de {max} caracteres',
  hint: 'Ctrl+Intro envía tu respuesta.',
  send: 'Enviar respuesta',
  finishNow: 'Terminar ahora',
  emptyAnswer: 'Escribe primero una respuesta.',
  tooLong: 'Tu respuesta es demasiado larga: como máximo {max} caracteres.',
  thinking: 'Preparando la siguiente pregunta…',
  reconnecting: 'Se ha perdido la conexión. Tu respuesta se enviará en cuanto vuelva…',
  finishing: 'Terminando…',
  doneTitle: '¡Gracias!',
  ended: 'Esta entrevista ya ha terminado. Puedes empezar una nueva.',
  notFoundTitle: 'Entrevista no encontrada',
  notFoundBody: 'Puede que el enlace esté mal escrito o que la entrevista ya no esté publicada.',
  jsRequired: 'Esta entrevista necesita JavaScript.',
};

const it: Own = {
  intro: 'Fino a {max} domande, una alla volta. Rispondi con parole tue.',
  language: 'Lingua',
  start: "Inizia l'intervista",
  privateNote:
    'Questa intervista è privata: ti invieremo un codice via email per confermare il tuo indirizzo.',
  emailLabel: 'Il tuo indirizzo email',
  sendCode: 'Inviami un codice',
  invalidEmail: 'Inserisci un indirizzo email valido.',
  codeLabel: "Codice dall'email",
  codeSent: 'Abbiamo inviato un codice di 6 cifre a {email}. È valido per 10 minuti.',
  verify: 'Verifica e inizia',
  invalidCode: "Inserisci le 6 cifre dell'email.",
  wrongCode: 'Il codice è errato o scaduto. Controllalo o chiedine uno nuovo.',
  otherEmail: 'Usa un’altra email o invia un nuovo codice',
  progress: 'Domanda {n} di massimo {max}',
  counter: '{count} di {max} caratteri',
  hint: 'Ctrl+Invio invia la risposta.',
  send: 'Invia risposta',
  finishNow: 'Termina ora',
  emptyAnswer: 'Scrivi prima una risposta.',
  tooLong: 'La risposta è troppo lunga: al massimo {max} caratteri.',
  thinking: 'Preparazione della prossima domanda…',
  reconnecting: 'Connessione persa. La risposta verrà inviata appena torna…',
  finishing: 'Chiusura in corso…',
  doneTitle: 'Grazie!',
  ended: "Quest'intervista è già terminata. Puoi iniziarne una nuova.",
  notFoundTitle: 'Intervista non trovata',
  notFoundBody: "Il link potrebbe essere errato, oppure l'intervista non è più pubblicata.",
  jsRequired: 'Questa intervista richiede JavaScript.',
};

const de: Own = {
  intro: 'Bis zu {max} Fragen, eine nach der anderen. Antworten Sie in Ihren eigenen Worten.',
  language: 'Sprache',
  start: 'Interview starten',
  privateNote:
    'Dieses Interview ist privat: Wir senden Ihnen einen Code per E-Mail, um Ihre Adresse zu bestätigen.',
  emailLabel: 'Ihre E-Mail-Adresse',
  sendCode: 'Code senden',
  invalidEmail: 'Geben Sie eine gültige E-Mail-Adresse ein.',
  codeLabel: 'Code aus der E-Mail',
  codeSent: 'Wir haben einen 6-stelligen Code an {email} gesendet. Er ist 10 Minuten gültig.',
  verify: 'Bestätigen und starten',
  invalidCode: 'Geben Sie die 6 Ziffern aus der E-Mail ein.',
  wrongCode: 'Dieser Code ist falsch oder abgelaufen. Prüfen Sie ihn oder fordern Sie einen neuen an.',
  otherEmail: 'Andere E-Mail verwenden oder neuen Code senden',
  progress: 'Frage {n} von höchstens {max}',
  counter: '{count} von {max} Zeichen',
  hint: 'Strg+Enter sendet Ihre Antwort.',
  send: 'Antwort senden',
  finishNow: 'Jetzt beenden',
  emptyAnswer: 'Schreiben Sie zuerst eine Antwort.',
  tooLong: 'Ihre Antwort ist zu lang: höchstens {max} Zeichen.',
  thinking: 'Die nächste Frage wird vorbereitet…',
  reconnecting: 'Die Verbindung ist unterbrochen. Ihre Antwort wird gesendet, sobald sie wieder steht…',
  finishing: 'Wird beendet…',
  doneTitle: 'Vielen Dank!',
  ended: 'Dieses Interview ist bereits beendet. Sie können ein neues beginnen.',
  notFoundTitle: 'Interview nicht gefunden',
  notFoundBody:
    'Der Link ist vielleicht falsch geschrieben, oder das Interview ist nicht mehr veröffentlicht.',
  jsRequired: 'Dieses Interview braucht JavaScript.',
};

const nl: Own = {
  intro: 'Hooguit {max} vragen, één voor één. Antwoord in je eigen woorden.',
  language: 'Taal',
  start: 'Begin het interview',
  privateNote: 'Dit interview is privé: we mailen je een code om je adres te bevestigen.',
  emailLabel: 'Je e-mailadres',
  sendCode: 'Stuur me een code',
  invalidEmail: 'Vul een geldig e-mailadres in.',
  codeLabel: 'Code uit de e-mail',
  codeSent: 'We hebben een code van 6 cijfers naar {email} gestuurd. Hij is 10 minuten geldig.',
  verify: 'Bevestigen en beginnen',
  invalidCode: 'Vul de 6 cijfers uit de e-mail in.',
  wrongCode: 'Deze code is onjuist of verlopen. Controleer hem, of vraag een nieuwe aan.',
  otherEmail: 'Ander e-mailadres gebruiken of nieuwe code sturen',
  progress: 'Vraag {n} van hooguit {max}',
  counter: '{count} van {max} tekens',
  hint: 'Ctrl+Enter verstuurt je antwoord.',
  send: 'Antwoord versturen',
  finishNow: 'Nu afronden',
  emptyAnswer: 'Schrijf eerst een antwoord.',
  tooLong: 'Je antwoord is te lang: hooguit {max} tekens.',
  thinking: 'De volgende vraag wordt voorbereid…',
  reconnecting: 'De verbinding is verbroken. Je antwoord wordt verstuurd zodra ze terug is…',
  finishing: 'Bezig met afronden…',
  doneTitle: 'Bedankt!',
  ended: 'Dit interview is al afgelopen. Je kunt een nieuw interview beginnen.',
  notFoundTitle: 'Interview niet gevonden',
  notFoundBody: 'De link is misschien verkeerd getypt, of het interview is niet meer gepubliceerd.',
  jsRequired: 'Dit interview heeft JavaScript nodig.',
};

const OWN: Readonly<Record<Language, Own>> = { en, tr, es, it, de, nl };

/** The interview page texts of a language; English for a language we have no texts in. */
export function interviewTextsFor(language: string): InterviewTexts {
  const own = Object.hasOwn(OWN, language) ? OWN[language as Language] : en;
  const page = pageTextsFor(language);
  const shared = Object.fromEntries(SHARED.map((key) => [key, page[key]])) as Pick<PageTexts, Shared>;
  return { ...shared, ...own };
}
