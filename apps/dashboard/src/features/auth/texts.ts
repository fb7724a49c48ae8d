import { defineTexts } from '../../i18n/texts.js';

/** The sign-in page's own texts (the shell's catalog holds the ones setup and invitations share). */
export const authTexts = defineTexts(
  {
    sessionEnded: 'Your session has ended. Sign in again to continue where you left off.',
  },
  {
    de: {
      sessionEnded:
        'Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an, um dort weiterzumachen, wo Sie aufgehört haben.',
    },
    es: {
      sessionEnded: 'Tu sesión ha terminado. Vuelve a iniciar sesión para seguir donde lo dejaste.',
    },
    it: {
      sessionEnded: 'La tua sessione è terminata. Accedi di nuovo per riprendere da dove eri rimasto.',
    },
    nl: {
      sessionEnded: 'Je sessie is verlopen. Meld je opnieuw aan om verder te gaan waar je was.',
    },
    tr: {
      sessionEnded: 'Oturumunuz sona erdi. Kaldığınız yerden devam etmek için yeniden giriş yapın.',
    },
  },
);
