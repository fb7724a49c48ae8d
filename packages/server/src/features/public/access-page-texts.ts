import { isLanguage, type Language } from '@formloom/contract';

/**
 * The texts of a protected form's page before it opens to the visitor: the password form (a
 * password-protected form) and the message before its opening time.
 */
export interface AccessPageTexts {
  passwordTitle: string;
  passwordIntro: string;
  passwordLabel: string;
  unlock: string;
  wrongPassword: string;
  tooManyTries: string;
  notOpenTitle: string;
  notOpenBody: string;
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
}

const ACCESS_PAGE_TEXTS: Record<Language, AccessPageTexts> = {
  en: {
    passwordTitle: 'This form is protected',
    passwordIntro: 'Enter the password to open it.',
    passwordLabel: 'Password',
    unlock: 'Open the form',
    wrongPassword: 'That password is not right. Try again.',
    tooManyTries: 'Too many tries. Wait a minute, then try again.',
    notOpenTitle: 'This form is not open yet',
    notOpenBody: 'Come back when it opens.',
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
  },
  tr: {
    passwordTitle: 'Bu form korumalı',
    passwordIntro: 'Açmak için parolayı girin.',
    passwordLabel: 'Parola',
    unlock: 'Formu aç',
    wrongPassword: 'Parola doğru değil. Yeniden deneyin.',
    tooManyTries: 'Çok fazla deneme. Bir dakika bekleyip yeniden deneyin.',
    notOpenTitle: 'Bu form henüz açık değil',
    notOpenBody: 'Açıldığında yeniden gelin.',
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
  },
  es: {
    passwordTitle: 'Este formulario está protegido',
    passwordIntro: 'Introduce la contraseña para abrirlo.',
    passwordLabel: 'Contraseña',
    unlock: 'Abrir el formulario',
    wrongPassword: 'La contraseña no es correcta. Inténtalo de nuevo.',
    tooManyTries: 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.',
    notOpenTitle: 'Este formulario aún no está abierto',
    notOpenBody: 'Vuelve cuando se abra.',
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
  },
  it: {
    passwordTitle: 'Questo modulo è protetto',
    passwordIntro: 'Inserisci la password per aprirlo.',
    passwordLabel: 'Password',
    unlock: 'Apri il modulo',
    wrongPassword: 'La password non è corretta. Riprova.',
    tooManyTries: 'Troppi tentativi. Attendi un minuto e riprova.',
    notOpenTitle: 'Questo modulo non è ancora aperto',
    notOpenBody: 'Torna quando sarà aperto.',
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
  },
  de: {
    passwordTitle: 'Dieses Formular ist geschützt',
    passwordIntro: 'Gib das Passwort ein, um es zu öffnen.',
    passwordLabel: 'Passwort',
    unlock: 'Formular öffnen',
    wrongPassword: 'Das Passwort stimmt nicht. Versuche es noch einmal.',
    tooManyTries: 'Zu viele Versuche. Warte eine Minute und versuche es dann noch einmal.',
    notOpenTitle: 'Dieses Formular ist noch nicht geöffnet',
    notOpenBody: 'Komm wieder, wenn es geöffnet ist.',
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
  },
  nl: {
    passwordTitle: 'Dit formulier is beveiligd',
    passwordIntro: 'Voer het wachtwoord in om het te openen.',
    passwordLabel: 'Wachtwoord',
    unlock: 'Formulier openen',
    wrongPassword: 'Dat wachtwoord klopt niet. Probeer het opnieuw.',
    tooManyTries: 'Te veel pogingen. Wacht een minuut en probeer het opnieuw.',
    notOpenTitle: 'Dit formulier is nog niet open',
    notOpenBody: 'Kom terug wanneer het opengaat.',
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
  },
};

export function accessPageTextsFor(language: string): AccessPageTexts {
  return ACCESS_PAGE_TEXTS[isLanguage(language) ? language : 'en'];
}
