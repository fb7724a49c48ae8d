import { type FormNotifications, type FormSchema, MAX_OWNER_EMAILS } from '@formloom/contract';
import type { SchemaProblem } from '@formloom/contract/engine';
import { Fieldset, Stack, Switch, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { defineTexts, useTexts } from '../../i18n/texts.js';
import { ProblemList, problemsAt } from './problems.js';

const en = {
  notifications: 'E-mail notifications',
  ownerEmails: 'Addresses told of each new response',
  ownerEmailsHint:
    'One address per line, at most 10. Each mail holds the answers and a link to the response.',
  attachPdf: 'Attach the response as PDF',
  attachPdfHint: 'The PDF you download from the response’s page; one over 10 MB is sent as a link instead.',
  notAddress: 'Not an e-mail address: {value}',
  tooManyAddresses: 'At most {max} addresses.',
};
type Key = keyof typeof en;

const de: Record<Key, string> = {
  notifications: 'E-Mail-Benachrichtigungen',
  ownerEmails: 'Adressen, die von jeder neuen Antwort erfahren',
  ownerEmailsHint:
    'Eine Adresse pro Zeile, höchstens 10. Jede Mail enthält die Antworten und einen Link zur Antwort.',
  attachPdf: 'Antwort als PDF anhängen',
  attachPdfHint:
    'Das PDF, das Sie auf der Seite der Antwort herunterladen; eines über 10 MB wird stattdessen als Link gesendet.',
  notAddress: 'Keine E-Mail-Adresse: {value}',
  tooManyAddresses: 'Höchstens {max} Adressen.',
};
const es: Record<Key, string> = {
  notifications: 'Notificaciones por correo',
  ownerEmails: 'Direcciones avisadas de cada nueva respuesta',
  ownerEmailsHint:
    'Una dirección por línea, como máximo 10. Cada correo lleva las respuestas y un enlace a la respuesta.',
  attachPdf: 'Adjuntar la respuesta en PDF',
  attachPdfHint:
    'El PDF que descarga desde la página de la respuesta; si ocupa más de 10 MB se envía un enlace en su lugar.',
  notAddress: 'No es una dirección de correo: {value}',
  tooManyAddresses: 'Como máximo {max} direcciones.',
};
const it: Record<Key, string> = {
  notifications: 'Notifiche via e-mail',
  ownerEmails: 'Indirizzi avvisati di ogni nuova risposta',
  ownerEmailsHint:
    'Un indirizzo per riga, al massimo 10. Ogni e-mail contiene le risposte e un link alla risposta.',
  attachPdf: 'Allega la risposta in PDF',
  attachPdfHint:
    'Il PDF che scarica dalla pagina della risposta; se supera i 10 MB viene inviato un link al suo posto.',
  notAddress: 'Non è un indirizzo e-mail: {value}',
  tooManyAddresses: 'Al massimo {max} indirizzi.',
};
const nl: Record<Key, string> = {
  notifications: 'E-mailmeldingen',
  ownerEmails: 'Adressen die over elk nieuw antwoord horen',
  ownerEmailsHint:
    'Eén adres per regel, hoogstens 10. Elke mail bevat de antwoorden en een link naar het antwoord.',
  attachPdf: 'Antwoord als pdf bijvoegen',
  attachPdfHint:
    'De pdf die u op de pagina van het antwoord downloadt; een pdf van meer dan 10 MB gaat als link mee.',
  notAddress: 'Geen e-mailadres: {value}',
  tooManyAddresses: 'Hoogstens {max} adressen.',
};
const tr: Record<Key, string> = {
  notifications: 'E-posta bildirimleri',
  ownerEmails: 'Her yeni yanıttan haberdar edilen adresler',
  ownerEmailsHint: 'Her satıra bir adres, en çok 10. Her e-posta yanıtları ve yanıta bir bağlantı içerir.',
  attachPdf: 'Yanıtı PDF olarak ekle',
  attachPdfHint:
    'Yanıtın sayfasından indirdiğiniz PDF; 10 MB’tan büyük olanı yerine bağlantı olarak gönderilir.',
  notAddress: 'E-posta adresi değil: {value}',
  tooManyAddresses: 'En çok {max} adres.',
};

export const notificationsPanelTexts = defineTexts(en, { de, es, it, nl, tr });

/** The lines of the addresses field, trimmed, empty ones left out. */
const addressLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** One plain address: a name, an at sign and a domain with a dot (the server checks it fully). */
const looksLikeAddress = (line: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(line) && line.length <= 254;

/**
 * Who is told of each new response (docs/email.md): the owners' addresses, one per line, and
 * whether their mail carries the response's PDF. The respondent's copy is set through the API.
 */
export function NotificationsPanel({
  schema,
  edit,
  problems,
  disabled,
}: {
  schema: FormSchema;
  edit: (change: (s: FormSchema) => FormSchema, key?: string) => void;
  problems: readonly SchemaProblem[];
  disabled: boolean;
}) {
  const t = useTexts(notificationsPanelTexts);
  const notifications = schema.settings?.notifications ?? {};
  const saved = (notifications.ownerEmails ?? []).join('\n');
  // The field keeps what is typed (an empty last line while writing the next address); an outside
  // change of the list (undo, another revision) replaces it.
  const [text, setText] = useState(saved);
  const [invalid, setInvalid] = useState<string | undefined>();
  useEffect(() => {
    setText((current) => (addressLines(current).join('\n') === saved ? current : saved));
    setInvalid(undefined);
  }, [saved]);

  const setNotifications = (next: FormNotifications, key: string) =>
    edit((s) => {
      const { notifications: _, ...settings } = s.settings ?? {};
      const kept = Object.keys(next).length === 0 ? settings : { ...settings, notifications: next };
      return { ...s, settings: kept };
    }, key);
  const put = <K extends keyof FormNotifications>(key: K, value: FormNotifications[K] | undefined) => {
    const { [key]: _, ...rest } = notifications;
    setNotifications(value === undefined ? rest : { ...rest, [key]: value }, `settings.notifications.${key}`);
  };

  return (
    <Fieldset legend={t('notifications')} disabled={disabled}>
      <Stack gap="xs">
        <ProblemList problems={problemsAt(problems, '$.settings.notifications')} />
        <Textarea
          label={t('ownerEmails')}
          description={t('ownerEmailsHint')}
          placeholder="owner@example.com"
          autosize
          minRows={2}
          value={text}
          error={invalid}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setText(value);
            // The form keeps its last list of addresses until every line is one.
            const lines = addressLines(value);
            const wrong = lines.find((line) => !looksLikeAddress(line));
            if (wrong !== undefined) return setInvalid(t('notAddress', { value: wrong }));
            if (lines.length > MAX_OWNER_EMAILS)
              return setInvalid(t('tooManyAddresses', { max: MAX_OWNER_EMAILS }));
            setInvalid(undefined);
            put('ownerEmails', lines.length === 0 ? undefined : lines);
          }}
        />
        <Switch
          label={t('attachPdf')}
          description={t('attachPdfHint')}
          checked={notifications.attachPdf === true}
          onChange={(e) => put('attachPdf', e.currentTarget.checked ? true : undefined)}
        />
      </Stack>
    </Fieldset>
  );
}
