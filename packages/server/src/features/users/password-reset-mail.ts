import type { Language } from '@formloom/contract';
import { html } from '../../platform/html.js';

interface ResetMailTexts {
  subject: string;
  /** `{email}`: the address the reset was asked for; `{minutes}`: how long the link works. */
  intro: string;
  /** The link's text. */
  action: string;
}

const TEXTS: Record<Language, ResetMailTexts> = {
  en: {
    subject: 'Reset your Formloom password',
    intro:
      'Someone asked to reset the password of {email}. The link works once, for {minutes} minutes. If it was not you, ignore this mail: the password stays as it is.',
    action: 'Set a new password',
  },
  tr: {
    subject: 'Formloom şifrenizi sıfırlayın',
    intro:
      '{email} hesabının şifresini sıfırlamak için istekte bulunuldu. Bağlantı bir kez, {minutes} dakika geçerlidir. Siz istemediyseniz bu e-postayı yok sayın: şifreniz olduğu gibi kalır.',
    action: 'Yeni şifre belirleyin',
  },
  es: {
    subject: 'Restablece tu contraseña de Formloom',
    intro:
      'Alguien pidió restablecer la contraseña de {email}. El enlace sirve una vez, durante {minutes} minutos. Si no fuiste tú, ignora este correo: la contraseña sigue igual.',
    action: 'Elige una contraseña nueva',
  },
  it: {
    subject: 'Reimposta la tua password di Formloom',
    intro:
      'Qualcuno ha chiesto di reimpostare la password di {email}. Il link vale una volta, per {minutes} minuti. Se non sei stato tu, ignora questa email: la password resta quella di prima.',
    action: 'Scegli una nuova password',
  },
  de: {
    subject: 'Ihr Formloom-Passwort zurücksetzen',
    intro:
      'Jemand hat angefordert, das Passwort von {email} zurückzusetzen. Der Link gilt einmal, {minutes} Minuten lang. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Das Passwort bleibt, wie es ist.',
    action: 'Neues Passwort festlegen',
  },
  nl: {
    subject: 'Uw Formloom-wachtwoord opnieuw instellen',
    intro:
      'Iemand heeft gevraagd het wachtwoord van {email} opnieuw in te stellen. De link werkt één keer, {minutes} minuten lang. Was u het niet, negeer dan deze e-mail: het wachtwoord blijft zoals het is.',
    action: 'Kies een nieuw wachtwoord',
  },
};

/** The reset mail in `language`: the link and how long it works, in plain text and HTML (every text escaped). */
export function resetMail(to: string, link: string, minutes: number, language: Language) {
  const t = TEXTS[language] ?? TEXTS.en;
  const intro = t.intro.replace('{email}', to).replace('{minutes}', String(minutes));
  const page = html`<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${t.subject}</title></head><body style="font-family:sans-serif;line-height:1.4">
<h1 style="font-size:20px">${t.subject}</h1>
<p>${intro}</p>
<p><a href="${link}">${t.action}</a></p>
</body></html>`;
  return {
    to,
    subject: t.subject,
    text: `${t.subject}\n\n${intro}\n\n${t.action}: ${link}\n`,
    html: `${page.value}\n`,
  };
}
