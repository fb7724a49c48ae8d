import type { Language } from '@formloom/contract';
import { html, type SafeHtml } from '../../platform/html.js';
import type { ComposedMail } from '../notifications/index.js';

interface LinkMailTexts {
  /** Subject of a personal link's mail: `<this>: <form title>`. */
  linkSubject: string;
  /** Before the link. */
  linkIntro: string;
  /** The link's label in the HTML mail. */
  linkLabel: string;
  /** Subject of a code's mail: `<this>: <form title>`. */
  codeSubject: string;
  /** Before the code. */
  codeIntro: string;
  /** After the code. */
  codeNote: string;
}

const TEXTS: Record<Language, LinkMailTexts> = {
  en: {
    linkSubject: 'Your personal link',
    linkIntro: 'You are invited to answer this form. Your personal link answers once:',
    linkLabel: 'Open the form',
    codeSubject: 'Your code',
    codeIntro: 'Your code to answer this form:',
    codeNote: 'It is valid for 10 minutes. If you did not ask for it, ignore this email.',
  },
  tr: {
    linkSubject: 'Kişisel bağlantınız',
    linkIntro: 'Bu formu yanıtlamaya davet edildiniz. Kişisel bağlantınız bir kez yanıtlar:',
    linkLabel: 'Formu aç',
    codeSubject: 'Kodunuz',
    codeIntro: 'Bu formu yanıtlamak için kodunuz:',
    codeNote: '10 dakika geçerlidir. Siz istemediyseniz bu e-postayı yok sayın.',
  },
  es: {
    linkSubject: 'Tu enlace personal',
    linkIntro: 'Te invitamos a responder este formulario. Tu enlace personal sirve para una sola respuesta:',
    linkLabel: 'Abrir el formulario',
    codeSubject: 'Tu código',
    codeIntro: 'Tu código para responder este formulario:',
    codeNote: 'Es válido durante 10 minutos. Si no lo pediste, ignora este correo.',
  },
  it: {
    linkSubject: 'Il tuo link personale',
    linkIntro: 'Sei invitato a rispondere a questo modulo. Il tuo link personale vale per una sola risposta:',
    linkLabel: 'Apri il modulo',
    codeSubject: 'Il tuo codice',
    codeIntro: 'Il tuo codice per rispondere a questo modulo:',
    codeNote: 'È valido per 10 minuti. Se non l’hai richiesto, ignora questa email.',
  },
  de: {
    linkSubject: 'Ihr persönlicher Link',
    linkIntro:
      'Sie sind eingeladen, dieses Formular auszufüllen. Ihr persönlicher Link gilt für eine Antwort:',
    linkLabel: 'Formular öffnen',
    codeSubject: 'Ihr Code',
    codeIntro: 'Ihr Code für dieses Formular:',
    codeNote: 'Er gilt 10 Minuten. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.',
  },
  nl: {
    linkSubject: 'Uw persoonlijke link',
    linkIntro: 'U bent uitgenodigd dit formulier in te vullen. Uw persoonlijke link geldt voor één antwoord:',
    linkLabel: 'Formulier openen',
    codeSubject: 'Uw code',
    codeIntro: 'Uw code om dit formulier in te vullen:',
    codeNote: 'Hij is 10 minuten geldig. Hebt u hem niet aangevraagd, negeer dan deze e-mail.',
  },
};

function page(language: Language, title: string, body: SafeHtml): string {
  return `${
    html`<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:sans-serif;line-height:1.4">
<h1 style="font-size:20px">${title}</h1>
${body}
</body></html>`.value
  }\n`;
}

/** The mail of one personal link, in the form's language: the title and the link, as text and as escaped HTML. */
export function linkMail(to: string, title: string, url: string, language: Language): ComposedMail {
  const t = TEXTS[language] ?? TEXTS.en;
  return {
    to,
    subject: `${t.linkSubject}: ${title}`,
    text: `${title}\n\n${t.linkIntro}\n${url}\n`,
    html: page(language, title, html`<p>${t.linkIntro}</p>\n<p><a href="${url}">${t.linkLabel}</a></p>`),
  };
}

/** The mail of a code proving `to`, in the form's language. */
export function codeMail(to: string, title: string, code: string, language: Language): ComposedMail {
  const t = TEXTS[language] ?? TEXTS.en;
  return {
    to,
    subject: `${t.codeSubject}: ${title}`,
    text: `${title}\n\n${t.codeIntro} ${code}\n\n${t.codeNote}\n`,
    html: page(
      language,
      title,
      html`<p>${t.codeIntro}</p>\n<p style="font-size:24px;letter-spacing:4px"><strong>${code}</strong></p>\n<p>${t.codeNote}</p>`,
    ),
  };
}
