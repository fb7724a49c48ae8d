import { defineTexts } from '../../i18n/texts.js';

/** The sign-in page's own texts, and the password reset pages' (the shell's catalog holds the ones setup and invitations share). */
export const authTexts = defineTexts(
  {
    sessionEnded: 'Your session has ended. Sign in again to continue where you left off.',
    code: 'Authentication code',
    codeHint: 'The six digits your authenticator app shows, or one of your recovery codes.',
    codeNeeded: 'Enter the code of your authenticator app to finish signing in.',
    wrongCode: 'That code is wrong or was used already.',
    forgotPassword: 'Forgot your password?',
    forgotTitle: 'Reset your password',
    forgotIntro: 'Enter the email you sign in with: we send it a link to set a new password.',
    sendLink: 'Send the link',
    linkSent: 'If this address has an account, a link is on its way. It works once, for 30 minutes.',
    resetTitle: 'Set a new password',
    resetIntro: 'Choose a new password. Every session of your account is signed out.',
    resetMissing: 'This page needs the link from the password reset email.',
    resetRefused: 'This link was used already or has expired. Ask for a new one.',
    resetDone: 'Your new password is set. Sign in with it.',
    setPassword: 'Set the password',
    newPassword: 'New password',
    backToSignIn: 'Back to sign-in',
    ssoSignIn: 'Sign in with single sign-on',
    ssoRequired: "This account signs its members in through single sign-on: use your company's sign-in.",
    sso_domain: "Your address's domain may not sign in to this account. Ask an owner to allow it.",
    sso_email: 'Your provider gave no verified email address, so you cannot be signed in.',
    sso_state: 'This sign-in was not started in this browser, or was started again. Start it once more.',
    sso_provider: 'Your sign-in provider could not be reached or answered with an error. Try again later.',
    sso_expired: 'The sign-in took too long. Start it again.',
    sso_other_account: 'Your address belongs to a member of another account: sign in there.',
    sso_not_configured: 'Single sign-on is not set up for this account.',
    sso_cancelled: 'The sign-in was cancelled at your provider.',
    sso_failed: 'Signing in through single sign-on did not work. Start it again.',
    passkeySignIn: 'Sign in with a passkey',
    passkeyInstead: 'Use a passkey instead of the code',
    passkeyUnsupported:
      'This browser cannot use passkeys. Sign in with your password, or use another browser.',
    passkeyCancelled:
      'The passkey prompt was closed. Try again when you are ready, or sign in with your password.',
    passkeyRefused:
      'This passkey cannot sign you in here. It may have been removed, or belong to another member.',
    recoveryOffer: 'E-mail me a one-time code (owners)',
    recoveryIntro:
      'Owners can sign in with a one-time code sent to their email while single sign-on is required.',
    recoverySent:
      'If this address is an owner of an account that requires single sign-on, a code is on its way. It works once, for 15 minutes.',
    recoveryCode: 'Code from the email',
    recoveryCodeHint: 'The eight digits of the email.',
    recoverySignIn: 'Sign in with the code',
    recoveryRefused: 'That code is wrong, used or expired. Send a new one.',
    recoveryResend: 'Send a new code',
  },
  {
    de: {
      sessionEnded:
        'Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an, um dort weiterzumachen, wo Sie aufgehört haben.',
      code: 'Bestätigungscode',
      codeHint: 'Die sechs Ziffern Ihrer Authenticator-App oder einer Ihrer Wiederherstellungscodes.',
      codeNeeded: 'Geben Sie den Code Ihrer Authenticator-App ein, um die Anmeldung abzuschließen.',
      wrongCode: 'Dieser Code ist falsch oder wurde schon verwendet.',
      forgotPassword: 'Passwort vergessen?',
      forgotTitle: 'Passwort zurücksetzen',
      forgotIntro:
        'Geben Sie die E-Mail-Adresse ein, mit der Sie sich anmelden: Wir senden ihr einen Link für ein neues Passwort.',
      sendLink: 'Link senden',
      linkSent:
        'Wenn zu dieser Adresse ein Konto gehört, ist ein Link unterwegs. Er funktioniert einmal, 30 Minuten lang.',
      resetTitle: 'Neues Passwort festlegen',
      resetIntro: 'Wählen Sie ein neues Passwort. Alle Sitzungen Ihres Kontos werden abgemeldet.',
      resetMissing: 'Diese Seite braucht den Link aus der E-Mail zum Zurücksetzen.',
      resetRefused: 'Dieser Link wurde schon verwendet oder ist abgelaufen. Fordern Sie einen neuen an.',
      resetDone: 'Ihr neues Passwort ist gesetzt. Melden Sie sich damit an.',
      setPassword: 'Passwort festlegen',
      newPassword: 'Neues Passwort',
      backToSignIn: 'Zurück zur Anmeldung',
      ssoSignIn: 'Mit Single Sign-On anmelden',
      ssoRequired:
        'Dieses Konto meldet seine Mitglieder über Single Sign-On an: Nutzen Sie die Anmeldung Ihres Unternehmens.',
      sso_domain:
        'Die Domain Ihrer Adresse darf sich bei diesem Konto nicht anmelden. Bitten Sie einen Inhaber, sie zu erlauben.',
      sso_email:
        'Ihr Anbieter hat keine bestätigte E-Mail-Adresse übermittelt, daher können Sie nicht angemeldet werden.',
      sso_state:
        'Diese Anmeldung wurde nicht in diesem Browser oder erneut gestartet. Starten Sie sie noch einmal.',
      sso_provider:
        'Ihr Anmeldeanbieter war nicht erreichbar oder hat mit einem Fehler geantwortet. Versuchen Sie es später erneut.',
      sso_expired: 'Die Anmeldung hat zu lange gedauert. Starten Sie sie erneut.',
      sso_other_account: 'Ihre Adresse gehört einem Mitglied eines anderen Kontos: Melden Sie sich dort an.',
      sso_not_configured: 'Für dieses Konto ist kein Single Sign-On eingerichtet.',
      sso_cancelled: 'Die Anmeldung wurde bei Ihrem Anbieter abgebrochen.',
      sso_failed: 'Die Anmeldung über Single Sign-On hat nicht geklappt. Starten Sie sie erneut.',
      passkeySignIn: 'Mit einem Passkey anmelden',
      passkeyInstead: 'Passkey statt des Codes verwenden',
      passkeyUnsupported:
        'Dieser Browser kann keine Passkeys verwenden. Melden Sie sich mit Ihrem Passwort an oder nutzen Sie einen anderen Browser.',
      passkeyCancelled:
        'Die Passkey-Abfrage wurde geschlossen. Versuchen Sie es erneut, wenn Sie bereit sind, oder melden Sie sich mit Ihrem Passwort an.',
      passkeyRefused:
        'Mit diesem Passkey können Sie sich hier nicht anmelden. Er wurde vielleicht entfernt oder gehört einem anderen Mitglied.',
      recoveryOffer: 'Einmalcode per E-Mail senden (Inhaber)',
      recoveryIntro:
        'Inhaber können sich mit einem Einmalcode anmelden, der an ihre E-Mail-Adresse geht, solange Single Sign-On verlangt wird.',
      recoverySent:
        'Wenn diese Adresse zu einem Inhaber eines Kontos mit verpflichtendem Single Sign-On gehört, ist ein Code unterwegs. Er gilt einmal, 15 Minuten lang.',
      recoveryCode: 'Code aus der E-Mail',
      recoveryCodeHint: 'Die acht Ziffern aus der E-Mail.',
      recoverySignIn: 'Mit dem Code anmelden',
      recoveryRefused: 'Dieser Code ist falsch, verbraucht oder abgelaufen. Fordern Sie einen neuen an.',
      recoveryResend: 'Neuen Code senden',
    },
    es: {
      sessionEnded: 'Tu sesión ha terminado. Vuelve a iniciar sesión para seguir donde lo dejaste.',
      code: 'Código de verificación',
      codeHint: 'Los seis dígitos que muestra tu app de autenticación, o uno de tus códigos de recuperación.',
      codeNeeded: 'Introduce el código de tu app de autenticación para terminar de iniciar sesión.',
      wrongCode: 'Ese código es incorrecto o ya se usó.',
      forgotPassword: '¿Olvidaste tu contraseña?',
      forgotTitle: 'Restablecer la contraseña',
      forgotIntro:
        'Introduce el correo con el que inicias sesión: le enviamos un enlace para elegir una contraseña nueva.',
      sendLink: 'Enviar el enlace',
      linkSent:
        'Si esta dirección tiene una cuenta, el enlace va de camino. Funciona una vez, durante 30 minutos.',
      resetTitle: 'Elige una contraseña nueva',
      resetIntro: 'Elige una contraseña nueva. Se cerrarán todas las sesiones de tu cuenta.',
      resetMissing: 'Esta página necesita el enlace del correo para restablecer la contraseña.',
      resetRefused: 'Este enlace ya se usó o ha caducado. Pide uno nuevo.',
      resetDone: 'Tu contraseña nueva está lista. Inicia sesión con ella.',
      setPassword: 'Guardar la contraseña',
      newPassword: 'Contraseña nueva',
      backToSignIn: 'Volver a iniciar sesión',
      ssoSignIn: 'Iniciar sesión con inicio de sesión único',
      ssoRequired:
        'Esta cuenta inicia la sesión de sus miembros con inicio de sesión único: usa el acceso de tu empresa.',
      sso_domain:
        'El dominio de tu dirección no puede iniciar sesión en esta cuenta. Pide a un propietario que lo permita.',
      sso_email: 'Tu proveedor no dio una dirección de correo verificada, así que no puedes iniciar sesión.',
      sso_state:
        'Este inicio de sesión no se empezó en este navegador, o se volvió a empezar. Empiézalo otra vez.',
      sso_provider:
        'No se pudo contactar con tu proveedor de acceso o respondió con un error. Inténtalo más tarde.',
      sso_expired: 'El inicio de sesión tardó demasiado. Empiézalo otra vez.',
      sso_other_account: 'Tu dirección pertenece a un miembro de otra cuenta: inicia sesión allí.',
      sso_not_configured: 'Esta cuenta no tiene configurado el inicio de sesión único.',
      sso_cancelled: 'El inicio de sesión se canceló en tu proveedor.',
      sso_failed: 'El inicio de sesión único no ha funcionado. Empiézalo otra vez.',
      passkeySignIn: 'Iniciar sesión con una llave de acceso',
      passkeyInstead: 'Usar una llave de acceso en lugar del código',
      passkeyUnsupported:
        'Este navegador no puede usar llaves de acceso. Inicia sesión con tu contraseña o usa otro navegador.',
      passkeyCancelled:
        'Se cerró la solicitud de la llave de acceso. Vuelve a intentarlo cuando quieras, o inicia sesión con tu contraseña.',
      passkeyRefused:
        'Esta llave de acceso no puede iniciar tu sesión aquí. Puede que se haya eliminado o que sea de otro miembro.',
      recoveryOffer: 'Enviarme un código de un solo uso (propietarios)',
      recoveryIntro:
        'Los propietarios pueden entrar con un código de un solo uso enviado a su correo mientras se exija el inicio de sesión único.',
      recoverySent:
        'Si esta dirección es de un propietario de una cuenta que exige el inicio de sesión único, el código va en camino. Sirve una vez, durante 15 minutos.',
      recoveryCode: 'Código del correo',
      recoveryCodeHint: 'Los ocho dígitos del correo.',
      recoverySignIn: 'Entrar con el código',
      recoveryRefused: 'Ese código es incorrecto, ya se usó o caducó. Pide uno nuevo.',
      recoveryResend: 'Enviar un código nuevo',
    },
    it: {
      sessionEnded: 'La tua sessione è terminata. Accedi di nuovo per riprendere da dove eri rimasto.',
      code: 'Codice di verifica',
      codeHint: "Le sei cifre mostrate dall'app di autenticazione, o uno dei tuoi codici di recupero.",
      codeNeeded: "Inserisci il codice dell'app di autenticazione per completare l'accesso.",
      wrongCode: 'Il codice è sbagliato o è già stato usato.',
      forgotPassword: 'Password dimenticata?',
      forgotTitle: 'Reimposta la password',
      forgotIntro: "Inserisci l'email con cui accedi: le inviamo un link per scegliere una nuova password.",
      sendLink: 'Invia il link',
      linkSent: 'Se questo indirizzo ha un account, il link è in arrivo. Funziona una volta, per 30 minuti.',
      resetTitle: 'Scegli una nuova password',
      resetIntro: 'Scegli una nuova password. Tutte le sessioni del tuo account verranno chiuse.',
      resetMissing: "Questa pagina richiede il link dell'email di reimpostazione.",
      resetRefused: 'Questo link è già stato usato o è scaduto. Richiedine uno nuovo.',
      resetDone: 'La nuova password è impostata. Accedi con questa.',
      setPassword: 'Imposta la password',
      newPassword: 'Nuova password',
      backToSignIn: "Torna all'accesso",
      ssoSignIn: 'Accedi con single sign-on',
      ssoRequired:
        "Questo account fa accedere i suoi membri con il single sign-on: usa l'accesso della tua azienda.",
      sso_domain:
        'Il dominio del tuo indirizzo non può accedere a questo account. Chiedi a un proprietario di consentirlo.',
      sso_email: 'Il tuo provider non ha fornito un indirizzo email verificato, quindi non puoi accedere.',
      sso_state:
        "Questo accesso non è stato avviato in questo browser, o è stato avviato di nuovo. Avvialo un'altra volta.",
      sso_provider:
        'Il tuo provider di accesso non è raggiungibile o ha risposto con un errore. Riprova più tardi.',
      sso_expired: "L'accesso ha richiesto troppo tempo. Avvialo di nuovo.",
      sso_other_account: 'Il tuo indirizzo appartiene a un membro di un altro account: accedi lì.',
      sso_not_configured: 'Il single sign-on non è configurato per questo account.',
      sso_cancelled: "L'accesso è stato annullato presso il tuo provider.",
      sso_failed: "L'accesso con single sign-on non ha funzionato. Avvialo di nuovo.",
      passkeySignIn: 'Accedi con una passkey',
      passkeyInstead: 'Usa una passkey al posto del codice',
      passkeyUnsupported:
        'Questo browser non può usare le passkey. Accedi con la password o usa un altro browser.',
      passkeyCancelled:
        'La richiesta della passkey è stata chiusa. Riprova quando vuoi, oppure accedi con la password.',
      passkeyRefused:
        'Questa passkey non può farti accedere qui. Potrebbe essere stata rimossa o appartenere a un altro membro.',
      recoveryOffer: 'Inviami un codice monouso (proprietari)',
      recoveryIntro:
        'I proprietari possono accedere con un codice monouso inviato alla loro email finché il single sign-on è obbligatorio.',
      recoverySent:
        'Se questo indirizzo è di un proprietario di un account che richiede il single sign-on, il codice è in arrivo. Vale una volta, per 15 minuti.',
      recoveryCode: "Codice dell'email",
      recoveryCodeHint: "Le otto cifre dell'email.",
      recoverySignIn: 'Accedi con il codice',
      recoveryRefused: 'Il codice è sbagliato, già usato o scaduto. Chiedine uno nuovo.',
      recoveryResend: 'Invia un nuovo codice',
    },
    nl: {
      sessionEnded: 'Je sessie is verlopen. Meld je opnieuw aan om verder te gaan waar je was.',
      code: 'Verificatiecode',
      codeHint: 'De zes cijfers die je authenticator-app toont, of een van je herstelcodes.',
      codeNeeded: 'Voer de code van je authenticator-app in om het aanmelden af te ronden.',
      wrongCode: 'Die code is onjuist of al gebruikt.',
      forgotPassword: 'Wachtwoord vergeten?',
      forgotTitle: 'Wachtwoord opnieuw instellen',
      forgotIntro:
        'Vul het e-mailadres in waarmee je je aanmeldt: we sturen er een link naartoe voor een nieuw wachtwoord.',
      sendLink: 'Link versturen',
      linkSent:
        'Als dit adres een account heeft, is er een link onderweg. Die werkt één keer, 30 minuten lang.',
      resetTitle: 'Kies een nieuw wachtwoord',
      resetIntro: 'Kies een nieuw wachtwoord. Alle sessies van je account worden afgemeld.',
      resetMissing: 'Deze pagina heeft de link uit de e-mail voor het herstellen nodig.',
      resetRefused: 'Deze link is al gebruikt of verlopen. Vraag een nieuwe aan.',
      resetDone: 'Je nieuwe wachtwoord is ingesteld. Meld je ermee aan.',
      setPassword: 'Wachtwoord instellen',
      newPassword: 'Nieuw wachtwoord',
      backToSignIn: 'Terug naar aanmelden',
      ssoSignIn: 'Aanmelden met single sign-on',
      ssoRequired:
        'Dit account meldt zijn leden aan via single sign-on: gebruik de aanmelding van je bedrijf.',
      sso_domain:
        'Het domein van je adres mag zich niet aanmelden bij dit account. Vraag een eigenaar het toe te staan.',
      sso_email: 'Je provider gaf geen bevestigd e-mailadres, dus je kunt niet worden aangemeld.',
      sso_state:
        'Deze aanmelding is niet in deze browser gestart, of opnieuw gestart. Start haar nog een keer.',
      sso_provider: 'Je aanmeldprovider was niet bereikbaar of gaf een fout. Probeer het later opnieuw.',
      sso_expired: 'De aanmelding duurde te lang. Start haar opnieuw.',
      sso_other_account: 'Je adres hoort bij een lid van een ander account: meld je daar aan.',
      sso_not_configured: 'Voor dit account is geen single sign-on ingesteld.',
      sso_cancelled: 'De aanmelding is bij je provider geannuleerd.',
      sso_failed: 'Aanmelden via single sign-on is niet gelukt. Start het opnieuw.',
      passkeySignIn: 'Inloggen met een passkey',
      passkeyInstead: 'Een passkey gebruiken in plaats van de code',
      passkeyUnsupported:
        'Deze browser kan geen passkeys gebruiken. Log in met je wachtwoord of gebruik een andere browser.',
      passkeyCancelled:
        'De passkey-vraag is gesloten. Probeer het opnieuw wanneer je klaar bent, of log in met je wachtwoord.',
      passkeyRefused:
        'Met deze passkey kun je hier niet inloggen. Hij is misschien verwijderd of hoort bij een ander lid.',
      recoveryOffer: 'Mail mij een eenmalige code (eigenaren)',
      recoveryIntro:
        'Eigenaren kunnen aanmelden met een eenmalige code die naar hun e-mail gaat zolang single sign-on verplicht is.',
      recoverySent:
        'Als dit adres van een eigenaar is van een account dat single sign-on verplicht stelt, is er een code onderweg. Hij werkt één keer, 15 minuten lang.',
      recoveryCode: 'Code uit de e-mail',
      recoveryCodeHint: 'De acht cijfers uit de e-mail.',
      recoverySignIn: 'Aanmelden met de code',
      recoveryRefused: 'Die code is onjuist, al gebruikt of verlopen. Vraag een nieuwe aan.',
      recoveryResend: 'Nieuwe code sturen',
    },
    tr: {
      sessionEnded: 'Oturumunuz sona erdi. Kaldığınız yerden devam etmek için yeniden giriş yapın.',
      code: 'Doğrulama kodu',
      codeHint: 'Kimlik doğrulama uygulamanızın gösterdiği altı rakam ya da kurtarma kodlarınızdan biri.',
      codeNeeded: 'Girişi tamamlamak için kimlik doğrulama uygulamanızdaki kodu girin.',
      wrongCode: 'Bu kod yanlış ya da daha önce kullanılmış.',
      forgotPassword: 'Şifrenizi mi unuttunuz?',
      forgotTitle: 'Şifrenizi sıfırlayın',
      forgotIntro:
        'Giriş yaptığınız e-posta adresini yazın: yeni şifre belirlemeniz için ona bir bağlantı göndeririz.',
      sendLink: 'Bağlantıyı gönder',
      linkSent: 'Bu adresin bir hesabı varsa bağlantı yolda. Bir kez, 30 dakika boyunca çalışır.',
      resetTitle: 'Yeni şifre belirleyin',
      resetIntro: 'Yeni bir şifre seçin. Hesabınızın tüm oturumları kapatılır.',
      resetMissing: 'Bu sayfa, şifre sıfırlama e-postasındaki bağlantıyı gerektirir.',
      resetRefused: 'Bu bağlantı daha önce kullanılmış ya da süresi dolmuş. Yeni bir tane isteyin.',
      resetDone: 'Yeni şifreniz belirlendi. Onunla giriş yapın.',
      setPassword: 'Şifreyi kaydet',
      newPassword: 'Yeni şifre',
      backToSignIn: 'Girişe dön',
      ssoSignIn: 'Çoklu oturum açma ile giriş yap',
      ssoRequired: 'Bu hesap üyelerini çoklu oturum açma ile giriş yaptırır: şirketinizin girişini kullanın.',
      sso_domain: 'Adresinizin alan adı bu hesaba giriş yapamaz. Bir sahipten buna izin vermesini isteyin.',
      sso_email: 'Sağlayıcınız doğrulanmış bir e-posta adresi vermedi, bu yüzden giriş yapamazsınız.',
      sso_state: 'Bu giriş bu tarayıcıda başlatılmadı ya da yeniden başlatıldı. Bir kez daha başlatın.',
      sso_provider:
        'Giriş sağlayıcınıza ulaşılamadı ya da bir hatayla yanıt verdi. Daha sonra yeniden deneyin.',
      sso_expired: 'Giriş çok uzun sürdü. Yeniden başlatın.',
      sso_other_account: 'Adresiniz başka bir hesabın üyesine ait: oradan giriş yapın.',
      sso_not_configured: 'Bu hesap için çoklu oturum açma kurulmamış.',
      sso_cancelled: 'Giriş, sağlayıcınızda iptal edildi.',
      sso_failed: 'Çoklu oturum açma ile giriş olmadı. Yeniden başlatın.',
      passkeySignIn: 'Geçiş anahtarıyla giriş yap',
      passkeyInstead: 'Kod yerine geçiş anahtarı kullan',
      passkeyUnsupported:
        'Bu tarayıcı geçiş anahtarlarını kullanamıyor. Parolanızla giriş yapın veya başka bir tarayıcı kullanın.',
      passkeyCancelled:
        'Geçiş anahtarı penceresi kapatıldı. Hazır olduğunuzda yeniden deneyin veya parolanızla giriş yapın.',
      passkeyRefused:
        'Bu geçiş anahtarı burada giriş yapamaz. Kaldırılmış ya da başka bir üyeye ait olabilir.',
      recoveryOffer: 'Bana tek kullanımlık kod gönder (sahipler)',
      recoveryIntro:
        'Çoklu oturum açma zorunluyken sahipler e-postalarına gönderilen tek kullanımlık bir kodla giriş yapabilir.',
      recoverySent:
        'Bu adres çoklu oturum açmayı zorunlu tutan bir hesabın sahibiyse kod yolda. Bir kez, 15 dakika geçerlidir.',
      recoveryCode: 'E-postadaki kod',
      recoveryCodeHint: 'E-postadaki sekiz rakam.',
      recoverySignIn: 'Kodla giriş yap',
      recoveryRefused: 'Bu kod yanlış, kullanılmış ya da süresi dolmuş. Yeni bir kod isteyin.',
      recoveryResend: 'Yeni kod gönder',
    },
  },
);
