import { t } from './template-source.js';

// Texts several templates share, written (and translated) once.

export const YOUR_NAME = t('Your name', 'Adınız', 'Tu nombre', 'Il tuo nome', 'Dein Name', 'Je naam');
export const FULL_NAME = t(
  'Full name',
  'Adınız ve soyadınız',
  'Nombre completo',
  'Nome e cognome',
  'Vollständiger Name',
  'Volledige naam',
);
export const EMAIL = t('Email', 'E-posta', 'Correo electrónico', 'Email', 'E-Mail', 'E-mail');
export const EMAIL_PLACEHOLDER = t(
  'name@example.com',
  'ad@ornek.com',
  'nombre@ejemplo.com',
  'nome@esempio.it',
  'name@beispiel.de',
  'naam@voorbeeld.nl',
);
export const PHONE = t('Phone', 'Telefon', 'Teléfono', 'Telefono', 'Telefon', 'Telefoon');
export const PHONE_HELP = t(
  'With the country code, such as +44 20 7946 0958.',
  'Ülke koduyla birlikte, örneğin +90 212 555 01 23.',
  'Con el prefijo del país, por ejemplo +34 912 345 678.',
  'Con il prefisso internazionale, per esempio +39 06 1234 5678.',
  'Mit Ländervorwahl, zum Beispiel +49 30 1234567.',
  'Met landnummer, bijvoorbeeld +31 20 123 4567.',
);
export const COMPANY = t('Company', 'Şirket', 'Empresa', 'Azienda', 'Unternehmen', 'Bedrijf');
export const ANYTHING_ELSE = t(
  'Anything else you would like to tell us?',
  'Bize söylemek istediğiniz başka bir şey var mı?',
  '¿Algo más que quieras contarnos?',
  "C'è altro che vorresti dirci?",
  'Möchtest du uns noch etwas sagen?',
  'Wil je ons nog iets anders vertellen?',
);
export const THANKS = t(
  'Thank you! Your answers have been sent.',
  'Teşekkürler! Yanıtlarınız gönderildi.',
  '¡Gracias! Tus respuestas se han enviado.',
  'Grazie! Le tue risposte sono state inviate.',
  'Danke! Deine Antworten wurden gesendet.',
  'Bedankt! Je antwoorden zijn verzonden.',
);
export const SEND = t('Send', 'Gönder', 'Enviar', 'Invia', 'Senden', 'Versturen');
export const YES = t('Yes', 'Evet', 'Sí', 'Sì', 'Ja', 'Ja');
export const NO = t('No', 'Hayır', 'No', 'No', 'Nein', 'Nee');
export const OTHER = t('Other', 'Diğer', 'Otro', 'Altro', 'Sonstiges', 'Anders');
export const CONSENT_CONTACT = t(
  'I agree that my details are stored to answer my request.',
  'Bilgilerimin talebimi yanıtlamak için saklanmasını kabul ediyorum.',
  'Acepto que se guarden mis datos para responder a mi solicitud.',
  'Accetto che i miei dati vengano conservati per rispondere alla mia richiesta.',
  'Ich bin einverstanden, dass meine Angaben zur Bearbeitung meiner Anfrage gespeichert werden.',
  'Ik ga ermee akkoord dat mijn gegevens worden bewaard om mijn verzoek te beantwoorden.',
);
export const PRIVACY = t('Privacy', 'Gizlilik', 'Privacidad', 'Privacy', 'Datenschutz', 'Privacy');
