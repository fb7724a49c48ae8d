import { type Language, supportedLanguage } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { fromJson, isoNow } from '../../db/json.js';
import type { Wake } from '../../jobs/wake.js';
import { html } from '../../platform/html.js';
import type { ComposedMail, FormMails } from '../notifications/index.js';
import { createDestinationsStore } from './destinations-store.js';

interface RevokedTexts {
  /** Subject, before the form's title. */
  subject: string;
  /** `{title}`: the form's title. */
  body: string;
  action: string;
}

/** The mail to owners whose Google grant was revoked, in every language of the dashboard. */
const TEXTS: Record<Language, RevokedTexts> = {
  en: {
    subject: 'Google Sheets stopped receiving responses',
    body: 'Google no longer accepts the connection of "{title}" to Google Sheets (the access was removed or has expired). New responses are kept and written once you connect Google Sheets again.',
    action: "Open the form's destinations",
  },
  tr: {
    subject: 'Google E-Tablolar yanıt almayı durdurdu',
    body: '"{title}" formunun Google E-Tablolar bağlantısı Google tarafından artık kabul edilmiyor (erişim kaldırıldı ya da süresi doldu). Yeni yanıtlar saklanır ve Google E-Tablolar yeniden bağlandığında yazılır.',
    action: 'Formun hedeflerini aç',
  },
  es: {
    subject: 'Google Sheets dejó de recibir respuestas',
    body: 'Google ya no acepta la conexión de "{title}" con Google Sheets (se retiró el acceso o ha caducado). Las respuestas nuevas se guardan y se escribirán cuando vuelvas a conectar Google Sheets.',
    action: 'Abrir los destinos del formulario',
  },
  it: {
    subject: 'Google Fogli non riceve più le risposte',
    body: 'Google non accetta più il collegamento di "{title}" a Google Fogli (l\'accesso è stato revocato o è scaduto). Le nuove risposte vengono conservate e scritte quando ricolleghi Google Fogli.',
    action: 'Apri le destinazioni del modulo',
  },
  de: {
    subject: 'Google Tabellen empfängt keine Antworten mehr',
    body: 'Google akzeptiert die Verbindung von „{title}“ mit Google Tabellen nicht mehr (der Zugriff wurde entzogen oder ist abgelaufen). Neue Antworten werden aufbewahrt und geschrieben, sobald Sie Google Tabellen erneut verbinden.',
    action: 'Ziele des Formulars öffnen',
  },
  nl: {
    subject: 'Google Spreadsheets ontvangt geen antwoorden meer',
    body: 'Google accepteert de koppeling van "{title}" met Google Spreadsheets niet meer (de toegang is ingetrokken of verlopen). Nieuwe antwoorden worden bewaard en geschreven zodra u Google Spreadsheets opnieuw koppelt.',
    action: 'De bestemmingen van het formulier openen',
  },
};

/** The mail an owner gets when a form's Google grant is revoked. */
export function revokedMail(to: string, language: Language, title: string, link: string): ComposedMail {
  const t = TEXTS[language] ?? TEXTS.en;
  const body = t.body.replace('{title}', title);
  return {
    to,
    subject: `${t.subject}: ${title}`,
    text: `${body}\n\n${t.action}: ${link}\n`,
    html: html`<!doctype html><html lang="${language}"><body><p>${body}</p><p><a href="${link}">${t.action}</a></p></body></html>`
      .value,
  };
}

export interface RevokedMailsDeps {
  db: Db;
  mails: FormMails;
  /** The server's public origin: the mail links to the form's destinations page. */
  publicUrl: string;
  clock: () => Date;
  outbox?: Wake | undefined;
}

/**
 * Tells a form's owners that its destination's grant was revoked: a mail each, queued on the
 * form's mail target (the outbox's e-mail channel, as every owner mail), in the form's language.
 */
export function createRevokedMails(deps: RevokedMailsDeps) {
  return async (destination: { accountId: string; formId: string }): Promise<void> => {
    const form = await createDestinationsStore(deps.db).mailFacts(destination.accountId, destination.formId);
    if (form === undefined) return;
    const language = supportedLanguage(
      fromJson<{ meta?: { language?: unknown } }>(form.schema).meta?.language,
    );
    const link = `${deps.publicUrl.replace(/\/+$/, '')}/app/forms/${encodeURIComponent(destination.formId)}/destinations`;
    const queued = await deps.mails.queue(
      deps.db,
      { id: destination.formId, accountId: destination.accountId },
      'MAIL_DESTINATION_REVOKED',
      form.owners.map((email) => revokedMail(email, language, form.title, link)),
      isoNow(deps.clock()),
    );
    if (queued > 0) deps.outbox?.notify();
  };
}
