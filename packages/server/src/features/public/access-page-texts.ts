import { isLanguage, type Language } from '@formloom/contract';
import { type RespondentTexts, respondentTextsFor } from '@formloom/runtime/respondent';

/**
 * The texts of a protected form's page before it opens to the visitor: the password form (a
 * password-protected form) and the message before its opening time; and those of who answers (a
 * personal link missing or used, the address to prove, an address that answered), which the
 * embeds say too (`@formloom/runtime/respondent`).
 */
export interface AccessPageTexts extends RespondentTexts {
  passwordTitle: string;
  passwordIntro: string;
  passwordLabel: string;
  unlock: string;
  wrongPassword: string;
  tooManyTries: string;
  notOpenTitle: string;
  notOpenBody: string;
}

type PasswordTexts = Omit<AccessPageTexts, keyof RespondentTexts>;

const PASSWORD_PAGE_TEXTS: Record<Language, PasswordTexts> = {
  en: {
    passwordTitle: 'This form is protected',
    passwordIntro: 'Enter the password to open it.',
    passwordLabel: 'Password',
    unlock: 'Open the form',
    wrongPassword: 'That password is not right. Try again.',
    tooManyTries: 'Too many tries. Wait a minute, then try again.',
    notOpenTitle: 'This form is not open yet',
    notOpenBody: 'Come back when it opens.',
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
  },
};

export function accessPageTextsFor(language: string): AccessPageTexts {
  const known = isLanguage(language) ? language : 'en';
  return { ...PASSWORD_PAGE_TEXTS[known], ...respondentTextsFor(known) };
}
