import { type Language, supportedLanguage } from '../../models/limits.js';

/**
 * The texts of a form's renderers (the public page, the custom element, the React package), per
 * language: buttons, notes, progress and failures. Answer errors are not here: they come from
 * `messagesFor`, the same sentences the server answers with. `{name}`, `{page}` and `{pages}`
 * are filled in where they appear.
 */
export interface FormTexts {
  requiredNote: string;
  /** Read by screen readers after a group's legend (its `*` is hidden from them). */
  required: string;
  submit: string;
  sending: string;
  choose: string;
  thanksTitle: string;
  thanksBody: string;
  fixErrors: string;
  uploading: string;
  uploaded: string;
  uploadFailed: string;
  uploadProgress: string;
  networkError: string;
  genericError: string;
  tooMany: string;
  tooLarge: string;
  closedTitle: string;
  closedBody: string;
  notFoundTitle: string;
  notFoundBody: string;
  tooManyTitle: string;
  errorTitle: string;
  jsRequired: string;
  /** The no-JavaScript note of a form with a captcha (the widget runs only with JavaScript). */
  captchaJsRequired: string;
  /** The provider refused the captcha (CAPTCHA_FAILED); the widget starts over. */
  captchaFailed: string;
  honeypot: string;
  /** A paged form's buttons and progress (`{page}` of `{pages}`). */
  next: string;
  back: string;
  pageOf: string;
  progress: string;
  /** Save and resume on a paged form: the link to continue later. */
  resumeSaved: string;
  copyLink: string;
  copied: string;
  /** `/embed.js` in popup mode: the button that opens the form, and the dialog's close button. */
  openForm: string;
  closeForm: string;
  resumeExpired: string;
}

const en: FormTexts = {
  requiredNote: 'Fields marked * are required.',
  required: 'required',
  submit: 'Submit',
  sending: 'Sending…',
  choose: 'Choose…',
  thanksTitle: 'Thank you!',
  thanksBody: 'Your response has been recorded.',
  fixErrors: 'Please correct the highlighted fields.',
  uploading: 'Uploading…',
  uploaded: 'Uploaded: {name}',
  uploadFailed: 'The upload failed. Please try again.',
  uploadProgress: 'Upload progress',
  networkError: 'Your answers could not be sent. Check your connection and try again.',
  genericError: 'Something went wrong. Please try again.',
  tooMany: 'Too many attempts. Please wait a minute and try again.',
  tooLarge: 'Your answers are too large to send.',
  closedTitle: 'This form is closed',
  closedBody: 'It no longer accepts responses.',
  notFoundTitle: 'Form not found',
  notFoundBody: 'The link may be mistyped, or the form is no longer published.',
  tooManyTitle: 'Too many requests',
  errorTitle: 'Something went wrong',
  jsRequired: 'This form needs JavaScript to be filled in and sent.',
  captchaJsRequired:
    'This form is protected by a captcha, which needs JavaScript: turn JavaScript on to fill it in and send it.',
  captchaFailed: 'The captcha check failed. Please try again.',
  honeypot: 'Leave this field empty',
  next: 'Next',
  back: 'Back',
  pageOf: 'Page {page} of {pages}',
  progress: 'Progress',
  resumeSaved: 'Your answers are saved. To continue later, open this link:',
  copyLink: 'Copy link',
  copied: 'Link copied.',
  openForm: 'Open the form',
  closeForm: 'Close',
  resumeExpired: 'That link to continue has expired or was already used. Please start again.',
};

const tr: FormTexts = {
  requiredNote: '* ile işaretli alanlar zorunludur.',
  required: 'zorunlu',
  submit: 'Gönder',
  sending: 'Gönderiliyor…',
  choose: 'Seçin…',
  thanksTitle: 'Teşekkürler!',
  thanksBody: 'Yanıtınız kaydedildi.',
  fixErrors: 'Lütfen işaretli alanları düzeltin.',
  uploading: 'Yükleniyor…',
  uploaded: 'Yüklendi: {name}',
  uploadFailed: 'Yükleme başarısız oldu. Lütfen tekrar deneyin.',
  uploadProgress: 'Yükleme ilerlemesi',
  networkError: 'Yanıtlarınız gönderilemedi. Bağlantınızı kontrol edip tekrar deneyin.',
  genericError: 'Bir şeyler ters gitti. Lütfen tekrar deneyin.',
  tooMany: 'Çok fazla deneme yapıldı. Lütfen bir dakika bekleyip tekrar deneyin.',
  tooLarge: 'Yanıtlarınız gönderilemeyecek kadar büyük.',
  closedTitle: 'Bu form kapandı',
  closedBody: 'Artık yanıt kabul etmiyor.',
  notFoundTitle: 'Form bulunamadı',
  notFoundBody: 'Bağlantı hatalı yazılmış olabilir ya da form artık yayında değil.',
  tooManyTitle: 'Çok fazla istek',
  errorTitle: 'Bir şeyler ters gitti',
  jsRequired: 'Bu formu doldurup göndermek için JavaScript gerekir.',
  captchaJsRequired:
    "Bu form, JavaScript gerektiren bir captcha ile korunuyor: doldurup göndermek için JavaScript'i açın.",
  captchaFailed: 'Captcha doğrulaması başarısız oldu. Lütfen tekrar deneyin.',
  honeypot: 'Bu alanı boş bırakın',
  next: 'İleri',
  back: 'Geri',
  pageOf: 'Sayfa {page} / {pages}',
  progress: 'İlerleme',
  resumeSaved: 'Yanıtlarınız kaydedildi. Daha sonra devam etmek için bu bağlantıyı açın:',
  copyLink: 'Bağlantıyı kopyala',
  copied: 'Bağlantı kopyalandı.',
  openForm: 'Formu aç',
  closeForm: 'Kapat',
  resumeExpired: 'Bu devam bağlantısının süresi dolmuş veya zaten kullanılmış. Lütfen yeniden başlayın.',
};

const es: FormTexts = {
  requiredNote: 'Los campos marcados con * son obligatorios.',
  required: 'obligatorio',
  submit: 'Enviar',
  sending: 'Enviando…',
  choose: 'Elige…',
  thanksTitle: '¡Gracias!',
  thanksBody: 'Tu respuesta se ha registrado.',
  fixErrors: 'Corrige los campos señalados.',
  uploading: 'Subiendo…',
  uploaded: 'Subido: {name}',
  uploadFailed: 'No se pudo subir el archivo. Inténtalo de nuevo.',
  uploadProgress: 'Progreso de la subida',
  networkError: 'No se pudieron enviar tus respuestas. Comprueba la conexión e inténtalo de nuevo.',
  genericError: 'Algo ha fallado. Inténtalo de nuevo.',
  tooMany: 'Demasiados intentos. Espera un minuto e inténtalo de nuevo.',
  tooLarge: 'Tus respuestas son demasiado grandes para enviarlas.',
  closedTitle: 'Este formulario está cerrado',
  closedBody: 'Ya no acepta respuestas.',
  notFoundTitle: 'Formulario no encontrado',
  notFoundBody: 'Puede que el enlace esté mal escrito o que el formulario ya no esté publicado.',
  tooManyTitle: 'Demasiadas solicitudes',
  errorTitle: 'Algo ha fallado',
  jsRequired: 'Este formulario necesita JavaScript para rellenarse y enviarse.',
  captchaJsRequired:
    'Este formulario está protegido por un captcha, que necesita JavaScript: actívalo para rellenarlo y enviarlo.',
  captchaFailed: 'La verificación captcha ha fallado. Inténtalo de nuevo.',
  honeypot: 'Deja este campo vacío',
  next: 'Siguiente',
  back: 'Atrás',
  pageOf: 'Página {page} de {pages}',
  progress: 'Progreso',
  resumeSaved: 'Sus respuestas se han guardado. Para continuar más tarde, abra este enlace:',
  copyLink: 'Copiar enlace',
  copied: 'Enlace copiado.',
  openForm: 'Abrir el formulario',
  closeForm: 'Cerrar',
  resumeExpired: 'Ese enlace para continuar ha caducado o ya se ha usado. Empiece de nuevo.',
};

const it: FormTexts = {
  requiredNote: 'I campi contrassegnati con * sono obbligatori.',
  required: 'obbligatorio',
  submit: 'Invia',
  sending: 'Invio in corso…',
  choose: 'Scegli…',
  thanksTitle: 'Grazie!',
  thanksBody: 'La tua risposta è stata registrata.',
  fixErrors: 'Correggi i campi evidenziati.',
  uploading: 'Caricamento…',
  uploaded: 'Caricato: {name}',
  uploadFailed: 'Caricamento non riuscito. Riprova.',
  uploadProgress: 'Avanzamento del caricamento',
  networkError: 'Non è stato possibile inviare le risposte. Controlla la connessione e riprova.',
  genericError: 'Qualcosa è andato storto. Riprova.',
  tooMany: 'Troppi tentativi. Attendi un minuto e riprova.',
  tooLarge: 'Le tue risposte sono troppo grandi per essere inviate.',
  closedTitle: 'Questo modulo è chiuso',
  closedBody: 'Non accetta più risposte.',
  notFoundTitle: 'Modulo non trovato',
  notFoundBody: 'Il link potrebbe essere errato, oppure il modulo non è più pubblicato.',
  tooManyTitle: 'Troppe richieste',
  errorTitle: 'Qualcosa è andato storto',
  jsRequired: 'Questo modulo richiede JavaScript per essere compilato e inviato.',
  captchaJsRequired:
    'Questo modulo è protetto da un captcha, che richiede JavaScript: attivalo per compilarlo e inviarlo.',
  captchaFailed: 'La verifica captcha non è riuscita. Riprova.',
  honeypot: 'Lascia vuoto questo campo',
  next: 'Avanti',
  back: 'Indietro',
  pageOf: 'Pagina {page} di {pages}',
  progress: 'Avanzamento',
  resumeSaved: 'Le sue risposte sono salvate. Per continuare più tardi, apra questo link:',
  copyLink: 'Copia link',
  copied: 'Link copiato.',
  openForm: 'Apri il modulo',
  closeForm: 'Chiudi',
  resumeExpired: 'Quel link per continuare è scaduto o è già stato usato. Ricominci da capo.',
};

const de: FormTexts = {
  requiredNote: 'Mit * markierte Felder sind Pflichtfelder.',
  required: 'Pflichtfeld',
  submit: 'Absenden',
  sending: 'Wird gesendet…',
  choose: 'Bitte wählen…',
  thanksTitle: 'Vielen Dank!',
  thanksBody: 'Ihre Antwort wurde gespeichert.',
  fixErrors: 'Bitte korrigieren Sie die markierten Felder.',
  uploading: 'Wird hochgeladen…',
  uploaded: 'Hochgeladen: {name}',
  uploadFailed: 'Das Hochladen ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  uploadProgress: 'Fortschritt des Hochladens',
  networkError:
    'Ihre Antworten konnten nicht gesendet werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  genericError: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  tooMany: 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
  tooLarge: 'Ihre Antworten sind zu groß zum Senden.',
  closedTitle: 'Dieses Formular ist geschlossen',
  closedBody: 'Es nimmt keine Antworten mehr an.',
  notFoundTitle: 'Formular nicht gefunden',
  notFoundBody:
    'Der Link ist vielleicht falsch geschrieben, oder das Formular ist nicht mehr veröffentlicht.',
  tooManyTitle: 'Zu viele Anfragen',
  errorTitle: 'Etwas ist schiefgelaufen',
  jsRequired: 'Dieses Formular braucht JavaScript, um ausgefüllt und gesendet zu werden.',
  captchaJsRequired:
    'Dieses Formular ist durch ein Captcha geschützt, das JavaScript braucht: Aktivieren Sie JavaScript, um es auszufüllen und zu senden.',
  captchaFailed: 'Die Captcha-Prüfung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  honeypot: 'Dieses Feld bitte leer lassen',
  next: 'Weiter',
  back: 'Zurück',
  pageOf: 'Seite {page} von {pages}',
  progress: 'Fortschritt',
  resumeSaved: 'Ihre Antworten sind gespeichert. Um später fortzufahren, öffnen Sie diesen Link:',
  copyLink: 'Link kopieren',
  copied: 'Link kopiert.',
  openForm: 'Formular öffnen',
  closeForm: 'Schließen',
  resumeExpired:
    'Dieser Link zum Fortfahren ist abgelaufen oder wurde schon verwendet. Bitte beginnen Sie neu.',
};

const nl: FormTexts = {
  requiredNote: 'Velden met een * zijn verplicht.',
  required: 'verplicht',
  submit: 'Versturen',
  sending: 'Bezig met versturen…',
  choose: 'Kies…',
  thanksTitle: 'Bedankt!',
  thanksBody: 'Je antwoord is opgeslagen.',
  fixErrors: 'Corrigeer de gemarkeerde velden.',
  uploading: 'Bezig met uploaden…',
  uploaded: 'Geüpload: {name}',
  uploadFailed: 'Het uploaden is mislukt. Probeer het opnieuw.',
  uploadProgress: 'Voortgang van het uploaden',
  networkError:
    'Je antwoorden konden niet worden verstuurd. Controleer je verbinding en probeer het opnieuw.',
  genericError: 'Er ging iets mis. Probeer het opnieuw.',
  tooMany: 'Te veel pogingen. Wacht een minuut en probeer het opnieuw.',
  tooLarge: 'Je antwoorden zijn te groot om te versturen.',
  closedTitle: 'Dit formulier is gesloten',
  closedBody: 'Het neemt geen antwoorden meer aan.',
  notFoundTitle: 'Formulier niet gevonden',
  notFoundBody: 'De link is misschien verkeerd getypt, of het formulier is niet meer gepubliceerd.',
  tooManyTitle: 'Te veel verzoeken',
  errorTitle: 'Er ging iets mis',
  jsRequired: 'Dit formulier heeft JavaScript nodig om te worden ingevuld en verstuurd.',
  captchaJsRequired:
    'Dit formulier is beveiligd met een captcha, die JavaScript nodig heeft: zet JavaScript aan om het in te vullen en te versturen.',
  captchaFailed: 'De captchacontrole is mislukt. Probeer het opnieuw.',
  honeypot: 'Laat dit veld leeg',
  next: 'Volgende',
  back: 'Vorige',
  pageOf: 'Pagina {page} van {pages}',
  progress: 'Voortgang',
  resumeSaved: 'Uw antwoorden zijn opgeslagen. Open deze link om later verder te gaan:',
  copyLink: 'Link kopiëren',
  copied: 'Link gekopieerd.',
  openForm: 'Formulier openen',
  closeForm: 'Sluiten',
  resumeExpired: 'Deze link om verder te gaan is verlopen of al gebruikt. Begin opnieuw.',
};

const TEXTS: Readonly<Record<Language, FormTexts>> = { en, tr, es, it, de, nl };

/** A renderer's texts in a language; English for a language we do not have. */
export function formTextsFor(language: string): FormTexts {
  return TEXTS[supportedLanguage(language)];
}
