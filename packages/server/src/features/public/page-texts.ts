import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@formloom/contract';
import { acceptedLanguages, type FormTexts, formTextsFor } from '@formloom/contract/engine';

/** The public page's texts: the renderers' own, from the engine (one table for every renderer). */
export type PageTexts = FormTexts;
export const pageTextsFor: (language: string) => PageTexts = formTextsFor;

/**
 * The language of a page without a form (404, 429): the first of the visitor's
 * `Accept-Language` entries we have, by quality (the engine's `acceptedLanguages`), else English.
 */
export function negotiateLanguage(header: string | undefined): Language {
  return (acceptedLanguages(header).find(isLanguage) as Language | undefined) ?? FALLBACK_LANGUAGE;
}

/**
 * The texts of the page without JavaScript alone (plain posts): the Update button of a page whose
 * questions show or hide by answers on that same page, and why a post was refused. `{origin}` is
 * filled in where it appears.
 */
export interface PlainPageTexts {
  /** The Update button, and the sentence before it saying what it does. */
  update: string;
  updateNote: string;
  /** A post whose page token is missing or has expired, and the link back to the form. */
  pageExpired: string;
  openAgain: string;
  /** A post from a site the form does not name in `settings.allowedOrigins`. */
  originRefused: string;
  /** Back from Stripe Checkout without a payment (cancelled, or not taken). */
  notPaidTitle: string;
  notPaidBody: string;
  /** Paid, but the answers could not be stored (the form closed or changed meanwhile): refunded. */
  refundedTitle: string;
  refundedBody: string;
}

const PLAIN_PAGE_TEXTS: Record<Language, PlainPageTexts> = {
  en: {
    update: 'Update the form for these answers',
    updateNote: 'Some questions appear or go away depending on your answers on this page.',
    pageExpired: 'This page has expired.',
    openAgain: 'Open the form again',
    originRefused: "This form can't be sent from {origin}.",
    notPaidTitle: 'Payment not received',
    notPaidBody: 'Nothing was charged and your answers were not sent.',
    refundedTitle: 'Your payment was refunded',
    refundedBody:
      'The form could no longer take your answers, so they were not sent and your payment was refunded in full. The refund shows on your statement within a few days.',
  },
  tr: {
    update: 'Formu bu yanıtlara göre güncelle',
    updateNote: 'Bazı sorular bu sayfadaki yanıtlarınıza göre görünür ya da kaybolur.',
    pageExpired: 'Bu sayfanın süresi doldu.',
    openAgain: 'Formu yeniden açın',
    originRefused: 'Bu form {origin} üzerinden gönderilemez.',
    notPaidTitle: 'Ödeme alınmadı',
    notPaidBody: 'Hiçbir ücret alınmadı ve yanıtlarınız gönderilmedi.',
    refundedTitle: 'Ödemeniz iade edildi',
    refundedBody:
      'Form yanıtlarınızı artık kabul edemediği için yanıtlarınız gönderilmedi ve ödemenizin tamamı iade edildi. İade birkaç gün içinde hesap özetinizde görünür.',
  },
  es: {
    update: 'Actualizar el formulario con estas respuestas',
    updateNote: 'Algunas preguntas aparecen o desaparecen según tus respuestas en esta página.',
    pageExpired: 'Esta página ha caducado.',
    openAgain: 'Abre el formulario de nuevo',
    originRefused: 'Este formulario no se puede enviar desde {origin}.',
    notPaidTitle: 'Pago no recibido',
    notPaidBody: 'No se ha cobrado nada y tus respuestas no se han enviado.',
    refundedTitle: 'Tu pago se ha reembolsado',
    refundedBody:
      'El formulario ya no podía aceptar tus respuestas, así que no se han enviado y se te ha reembolsado el pago completo. El reembolso aparecerá en tu extracto en unos días.',
  },
  it: {
    update: 'Aggiorna il modulo per queste risposte',
    updateNote: 'Alcune domande compaiono o scompaiono in base alle tue risposte in questa pagina.',
    pageExpired: 'Questa pagina è scaduta.',
    openAgain: 'Apri di nuovo il modulo',
    originRefused: 'Questo modulo non può essere inviato da {origin}.',
    notPaidTitle: 'Pagamento non ricevuto',
    notPaidBody: 'Non è stato addebitato nulla e le tue risposte non sono state inviate.',
    refundedTitle: 'Il tuo pagamento è stato rimborsato',
    refundedBody:
      'Il modulo non poteva più accettare le tue risposte, quindi non sono state inviate e il pagamento ti è stato rimborsato per intero. Il rimborso comparirà nel tuo estratto conto entro pochi giorni.',
  },
  de: {
    update: 'Formular für diese Antworten aktualisieren',
    updateNote: 'Einige Fragen erscheinen oder verschwinden je nach Ihren Antworten auf dieser Seite.',
    pageExpired: 'Diese Seite ist abgelaufen.',
    openAgain: 'Formular erneut öffnen',
    originRefused: 'Dieses Formular kann nicht von {origin} aus gesendet werden.',
    notPaidTitle: 'Zahlung nicht erhalten',
    notPaidBody: 'Es wurde nichts abgebucht und Ihre Antworten wurden nicht gesendet.',
    refundedTitle: 'Ihre Zahlung wurde erstattet',
    refundedBody:
      'Das Formular konnte Ihre Antworten nicht mehr annehmen. Sie wurden daher nicht gesendet und Ihre Zahlung wurde vollständig erstattet. Die Erstattung erscheint in einigen Tagen auf Ihrer Abrechnung.',
  },
  nl: {
    update: 'Formulier bijwerken voor deze antwoorden',
    updateNote: 'Sommige vragen verschijnen of verdwijnen afhankelijk van je antwoorden op deze pagina.',
    pageExpired: 'Deze pagina is verlopen.',
    openAgain: 'Open het formulier opnieuw',
    originRefused: 'Dit formulier kan niet worden verzonden vanaf {origin}.',
    notPaidTitle: 'Betaling niet ontvangen',
    notPaidBody: 'Er is niets afgeschreven en je antwoorden zijn niet verzonden.',
    refundedTitle: 'Je betaling is terugbetaald',
    refundedBody:
      'Het formulier kon je antwoorden niet meer aannemen, dus ze zijn niet verzonden en je betaling is volledig terugbetaald. De terugbetaling staat binnen een paar dagen op je afschrift.',
  },
};

/** The no-JavaScript page's own texts in `language` (English for one we do not have). */
export function plainPageTextsFor(language: string): PlainPageTexts {
  return PLAIN_PAGE_TEXTS[isLanguage(language) ? language : FALLBACK_LANGUAGE];
}
