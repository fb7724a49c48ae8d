// The texts of `@formloom/runtime/respondent` (re-exported there), apart from its code: the six
// languages make most of its length.

/**
 * The texts of who answers and of edits: a personal link missing or used, the address to prove,
 * an address that answered, an edit's link and a link that no longer works. `{email}` and
 * `{time}` are filled in where they appear. The public page says the same.
 */
export interface RespondentTexts {
  /** A form answered through personal links only, opened without one (or with an unknown one). */
  linkRequiredTitle: string;
  linkRequiredBody: string;
  /** A personal link that has answered already. */
  linkUsedTitle: string;
  linkUsedBody: string;
  /** A form answered once per proven address: the address form, then the code form. */
  emailTitle: string;
  emailIntro: string;
  emailLabel: string;
  sendCode: string;
  /** `{email}` is filled in. */
  codeIntro: string;
  codeLabel: string;
  confirmCode: string;
  otherAddress: string;
  wrongCode: string;
  tooManyCodes: string;
  /** The address answered already. */
  answeredTitle: string;
  answeredBody: string;
  /** The link to change a response, and (`{time}`) until when it works. */
  editLink: string;
  editUntil: string;
  /** Above the form while it edits a response. */
  editing: string;
  /** An edit link that names no response. */
  goneTitle: string;
  goneBody: string;
  /** An edit link whose time has passed. */
  closedTitle: string;
  closedBody: string;
}

const RESPONDENT_TEXTS: Record<string, RespondentTexts> = {
  en: {
    linkRequiredTitle: 'This form needs your personal link',
    linkRequiredBody: 'Open the form with the link you were sent. This link is not valid.',
    linkUsedTitle: 'This link has been used',
    linkUsedBody: 'Each personal link answers the form once, and this one has answered already.',
    emailTitle: 'Confirm your e-mail address',
    emailIntro: 'Each address answers this form once. We will send you a code.',
    emailLabel: 'E-mail address',
    sendCode: 'Send me a code',
    codeIntro: 'Enter the 6-digit code we sent to {email}. It is valid for 10 minutes.',
    codeLabel: 'Code',
    confirmCode: 'Confirm',
    otherAddress: 'Use another address',
    wrongCode: 'That code is not right, or it has expired.',
    tooManyCodes: 'Too many codes asked for. Try again later.',
    answeredTitle: 'You have answered already',
    answeredBody: 'This address has answered the form. Thank you.',
    editLink: 'Change your answers',
    editUntil: 'You can change your answers until {time}.',
    editing: 'You are changing the answers you sent. Send the form to save the changes.',
    goneTitle: 'This edit link does not work',
    goneBody: 'It may be mistyped, or the response was deleted.',
    closedTitle: 'This response can no longer be changed',
    closedBody: 'The time to change your answers has passed.',
  },
  tr: {
    linkRequiredTitle: 'Bu form kişisel bağlantınızı gerektiriyor',
    linkRequiredBody: 'Formu size gönderilen bağlantıyla açın. Bu bağlantı geçerli değil.',
    linkUsedTitle: 'Bu bağlantı kullanıldı',
    linkUsedBody: 'Her kişisel bağlantı formu bir kez yanıtlar ve bu bağlantı zaten yanıtladı.',
    emailTitle: 'E-posta adresinizi doğrulayın',
    emailIntro: 'Her adres bu formu bir kez yanıtlar. Size bir kod göndereceğiz.',
    emailLabel: 'E-posta adresi',
    sendCode: 'Bana kod gönder',
    codeIntro: '{email} adresine gönderdiğimiz 6 haneli kodu girin. 10 dakika geçerlidir.',
    codeLabel: 'Kod',
    confirmCode: 'Doğrula',
    otherAddress: 'Başka bir adres kullan',
    wrongCode: 'Kod doğru değil ya da süresi doldu.',
    tooManyCodes: 'Çok fazla kod istendi. Daha sonra yeniden deneyin.',
    answeredTitle: 'Zaten yanıtladınız',
    answeredBody: 'Bu adres formu yanıtladı. Teşekkürler.',
    editLink: 'Yanıtlarınızı değiştirin',
    editUntil: 'Yanıtlarınızı {time} tarihine kadar değiştirebilirsiniz.',
    editing: 'Gönderdiğiniz yanıtları değiştiriyorsunuz. Değişiklikleri kaydetmek için formu gönderin.',
    goneTitle: 'Bu düzenleme bağlantısı çalışmıyor',
    goneBody: 'Yanlış yazılmış olabilir ya da yanıt silinmiş olabilir.',
    closedTitle: 'Bu yanıt artık değiştirilemez',
    closedBody: 'Yanıtları değiştirme süresi geçti.',
  },
  es: {
    linkRequiredTitle: 'Este formulario necesita tu enlace personal',
    linkRequiredBody: 'Abre el formulario con el enlace que te enviaron. Este enlace no es válido.',
    linkUsedTitle: 'Este enlace ya se usó',
    linkUsedBody: 'Cada enlace personal responde el formulario una vez, y este ya respondió.',
    emailTitle: 'Confirma tu dirección de correo',
    emailIntro: 'Cada dirección responde este formulario una vez. Te enviaremos un código.',
    emailLabel: 'Correo electrónico',
    sendCode: 'Envíame un código',
    codeIntro: 'Introduce el código de 6 cifras que enviamos a {email}. Es válido durante 10 minutos.',
    codeLabel: 'Código',
    confirmCode: 'Confirmar',
    otherAddress: 'Usar otra dirección',
    wrongCode: 'El código no es correcto o ha caducado.',
    tooManyCodes: 'Se pidieron demasiados códigos. Inténtalo más tarde.',
    answeredTitle: 'Ya has respondido',
    answeredBody: 'Esta dirección ya respondió el formulario. Gracias.',
    editLink: 'Cambia tus respuestas',
    editUntil: 'Puedes cambiar tus respuestas hasta el {time}.',
    editing: 'Estás cambiando las respuestas que enviaste. Envía el formulario para guardar los cambios.',
    goneTitle: 'Este enlace de edición no funciona',
    goneBody: 'Puede que esté mal escrito o que la respuesta se haya eliminado.',
    closedTitle: 'Esta respuesta ya no se puede cambiar',
    closedBody: 'El plazo para cambiar tus respuestas ha pasado.',
  },
  it: {
    linkRequiredTitle: 'Questo modulo richiede il tuo link personale',
    linkRequiredBody: 'Apri il modulo con il link che ti è stato inviato. Questo link non è valido.',
    linkUsedTitle: 'Questo link è già stato usato',
    linkUsedBody: 'Ogni link personale vale per una sola risposta, e questo ha già risposto.',
    emailTitle: 'Conferma il tuo indirizzo email',
    emailIntro: 'Ogni indirizzo risponde a questo modulo una volta. Ti invieremo un codice.',
    emailLabel: 'Indirizzo email',
    sendCode: 'Inviami un codice',
    codeIntro: 'Inserisci il codice di 6 cifre inviato a {email}. È valido per 10 minuti.',
    codeLabel: 'Codice',
    confirmCode: 'Conferma',
    otherAddress: 'Usa un altro indirizzo',
    wrongCode: 'Il codice non è corretto o è scaduto.',
    tooManyCodes: 'Troppi codici richiesti. Riprova più tardi.',
    answeredTitle: 'Hai già risposto',
    answeredBody: 'Questo indirizzo ha già risposto al modulo. Grazie.',
    editLink: 'Modifica le tue risposte',
    editUntil: 'Puoi modificare le tue risposte fino al {time}.',
    editing: 'Stai modificando le risposte che hai inviato. Invia il modulo per salvare le modifiche.',
    goneTitle: 'Questo link di modifica non funziona',
    goneBody: 'Potrebbe essere scritto male, oppure la risposta è stata eliminata.',
    closedTitle: 'Questa risposta non può più essere modificata',
    closedBody: 'Il tempo per modificare le risposte è scaduto.',
  },
  de: {
    linkRequiredTitle: 'Dieses Formular braucht Ihren persönlichen Link',
    linkRequiredBody:
      'Öffnen Sie das Formular mit dem Link, den Sie erhalten haben. Dieser Link ist nicht gültig.',
    linkUsedTitle: 'Dieser Link wurde schon benutzt',
    linkUsedBody: 'Jeder persönliche Link gilt für eine Antwort, und mit diesem wurde schon geantwortet.',
    emailTitle: 'Bestätigen Sie Ihre E-Mail-Adresse',
    emailIntro: 'Jede Adresse beantwortet dieses Formular einmal. Wir senden Ihnen einen Code.',
    emailLabel: 'E-Mail-Adresse',
    sendCode: 'Code senden',
    codeIntro: 'Geben Sie den 6-stelligen Code ein, den wir an {email} gesendet haben. Er gilt 10 Minuten.',
    codeLabel: 'Code',
    confirmCode: 'Bestätigen',
    otherAddress: 'Andere Adresse verwenden',
    wrongCode: 'Der Code stimmt nicht oder ist abgelaufen.',
    tooManyCodes: 'Zu viele Codes angefordert. Versuchen Sie es später noch einmal.',
    answeredTitle: 'Sie haben schon geantwortet',
    answeredBody: 'Mit dieser Adresse wurde das Formular schon beantwortet. Danke.',
    editLink: 'Antworten ändern',
    editUntil: 'Sie können Ihre Antworten bis {time} ändern.',
    editing:
      'Sie ändern die Antworten, die Sie gesendet haben. Senden Sie das Formular, um die Änderungen zu speichern.',
    goneTitle: 'Dieser Bearbeitungslink funktioniert nicht',
    goneBody: 'Er ist vielleicht falsch geschrieben, oder die Antwort wurde gelöscht.',
    closedTitle: 'Diese Antwort kann nicht mehr geändert werden',
    closedBody: 'Die Zeit zum Ändern der Antworten ist abgelaufen.',
  },
  nl: {
    linkRequiredTitle: 'Dit formulier vraagt uw persoonlijke link',
    linkRequiredBody: 'Open het formulier met de link die u kreeg. Deze link is niet geldig.',
    linkUsedTitle: 'Deze link is al gebruikt',
    linkUsedBody: 'Elke persoonlijke link geldt voor één antwoord, en met deze is al geantwoord.',
    emailTitle: 'Bevestig uw e-mailadres',
    emailIntro: 'Elk adres beantwoordt dit formulier één keer. We sturen u een code.',
    emailLabel: 'E-mailadres',
    sendCode: 'Stuur mij een code',
    codeIntro: 'Voer de 6-cijferige code in die we naar {email} stuurden. Hij is 10 minuten geldig.',
    codeLabel: 'Code',
    confirmCode: 'Bevestigen',
    otherAddress: 'Een ander adres gebruiken',
    wrongCode: 'Die code klopt niet of is verlopen.',
    tooManyCodes: 'Te veel codes aangevraagd. Probeer het later opnieuw.',
    answeredTitle: 'U hebt al geantwoord',
    answeredBody: 'Met dit adres is het formulier al beantwoord. Bedankt.',
    editLink: 'Wijzig je antwoorden',
    editUntil: 'Je kunt je antwoorden wijzigen tot {time}.',
    editing:
      'Je wijzigt de antwoorden die je hebt verstuurd. Verstuur het formulier om de wijzigingen op te slaan.',
    goneTitle: 'Deze bewerkingslink werkt niet',
    goneBody: 'Hij is misschien verkeerd getypt, of het antwoord is verwijderd.',
    closedTitle: 'Dit antwoord kan niet meer worden gewijzigd',
    closedBody: 'De tijd om je antwoorden te wijzigen is voorbij.',
  },
};

/** The texts in `language` (a tag such as `de-AT` takes its base), English for any other. */
export function respondentTextsFor(language: string | undefined): RespondentTexts {
  return RESPONDENT_TEXTS[(language ?? '').slice(0, 2).toLowerCase()] ?? RESPONDENT_TEXTS.en!;
}

/** An edit window's end as a person reads it in `language`: date and time, in UTC, said so. */
export function editTime(iso: string, language: string): string {
  const format = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return `${format.format(new Date(iso))} UTC`;
}
