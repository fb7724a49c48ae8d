import type { Language } from '@formloom/contract';
import { html } from '../../platform/html.js';

interface RecoveryMailTexts {
  subject: string;
  /** Before the code; `{email}`: the address it was asked for. */
  intro: string;
  /** After the code; `{minutes}`: how long it works. */
  note: string;
}

const TEXTS: Record<Language, RecoveryMailTexts> = {
  en: {
    subject: 'Your Formloom sign-in code',
    intro: 'Someone asked for a one-time code to sign in as {email} without single sign-on:',
    note: 'It works once, for {minutes} minutes. If it was not you, ignore this mail and tell the other owners of your account.',
  },
  tr: {
    subject: 'Formloom giriş kodunuz',
    intro: '{email} olarak tek oturum açma olmadan giriş yapmak için tek kullanımlık bir kod istendi:',
    note: 'Bir kez, {minutes} dakika geçerlidir. Siz istemediyseniz bu e-postayı yok sayın ve hesabınızın diğer sahiplerine haber verin.',
  },
  es: {
    subject: 'Tu código de acceso a Formloom',
    intro: 'Alguien pidió un código de un solo uso para entrar como {email} sin el inicio de sesión único:',
    note: 'Sirve una vez, durante {minutes} minutos. Si no fuiste tú, ignora este correo y avisa a los demás propietarios de tu cuenta.',
  },
  it: {
    subject: 'Il tuo codice di accesso a Formloom',
    intro: 'Qualcuno ha chiesto un codice monouso per accedere come {email} senza il single sign-on:',
    note: 'Vale una volta, per {minutes} minuti. Se non sei stato tu, ignora questa email e avvisa gli altri proprietari del tuo account.',
  },
  de: {
    subject: 'Ihr Formloom-Anmeldecode',
    intro: 'Jemand hat einen Einmalcode angefordert, um sich ohne Single Sign-on als {email} anzumelden:',
    note: 'Er gilt einmal, {minutes} Minuten lang. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail und informieren Sie die anderen Inhaber Ihres Kontos.',
  },
  nl: {
    subject: 'Uw Formloom-aanmeldcode',
    intro: 'Iemand heeft een eenmalige code gevraagd om zonder single sign-on aan te melden als {email}:',
    note: 'Hij werkt één keer, {minutes} minuten lang. Was u het niet, negeer dan deze e-mail en laat het de andere eigenaren van uw account weten.',
  },
};

/** The mail of an owner's recovery code in `language`: plain text and HTML (every text escaped). */
export function recoveryMail(to: string, code: string, minutes: number, language: Language) {
  const t = TEXTS[language] ?? TEXTS.en;
  const intro = t.intro.replace('{email}', to);
  const note = t.note.replace('{minutes}', String(minutes));
  const page = html`<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${t.subject}</title></head><body style="font-family:sans-serif;line-height:1.4">
<h1 style="font-size:20px">${t.subject}</h1>
<p>${intro}</p>
<p style="font-size:24px;letter-spacing:4px"><strong>${code}</strong></p>
<p>${note}</p>
</body></html>`;
  return {
    to,
    subject: t.subject,
    text: `${t.subject}\n\n${intro}\n\n${code}\n\n${note}\n`,
    html: `${page.value}\n`,
  };
}
