import { isLanguage, type Language } from '@formloom/contract';

/**
 * The texts of a respondent's edit of their response (`allowEdit`): the link on the thank-you
 * page and until when it works, the note on the form while editing, and the pages of a link that
 * does not work or whose time has passed. `{time}` is filled in where it appears.
 */
export interface EditPageTexts {
  editLink: string;
  editUntil: string;
  editing: string;
  goneTitle: string;
  goneBody: string;
  closedTitle: string;
  closedBody: string;
}

const EDIT_PAGE_TEXTS: Record<Language, EditPageTexts> = {
  en: {
    editLink: 'Change your answers',
    editUntil: 'You can change your answers until {time}.',
    editing: 'You are changing the answers you sent. Send the form to save the changes.',
    goneTitle: 'This edit link does not work',
    goneBody: 'It may be mistyped, or the response was deleted.',
    closedTitle: 'This response can no longer be changed',
    closedBody: 'The time to change your answers has passed.',
  },
  tr: {
    editLink: 'Yanıtlarınızı değiştirin',
    editUntil: 'Yanıtlarınızı {time} tarihine kadar değiştirebilirsiniz.',
    editing: 'Gönderdiğiniz yanıtları değiştiriyorsunuz. Değişiklikleri kaydetmek için formu gönderin.',
    goneTitle: 'Bu düzenleme bağlantısı çalışmıyor',
    goneBody: 'Yanlış yazılmış olabilir ya da yanıt silinmiş olabilir.',
    closedTitle: 'Bu yanıt artık değiştirilemez',
    closedBody: 'Yanıtları değiştirme süresi geçti.',
  },
  es: {
    editLink: 'Cambia tus respuestas',
    editUntil: 'Puedes cambiar tus respuestas hasta el {time}.',
    editing: 'Estás cambiando las respuestas que enviaste. Envía el formulario para guardar los cambios.',
    goneTitle: 'Este enlace de edición no funciona',
    goneBody: 'Puede que esté mal escrito o que la respuesta se haya eliminado.',
    closedTitle: 'Esta respuesta ya no se puede cambiar',
    closedBody: 'El plazo para cambiar tus respuestas ha pasado.',
  },
  it: {
    editLink: 'Modifica le tue risposte',
    editUntil: 'Puoi modificare le tue risposte fino al {time}.',
    editing: 'Stai modificando le risposte che hai inviato. Invia il modulo per salvare le modifiche.',
    goneTitle: 'Questo link di modifica non funziona',
    goneBody: 'Potrebbe essere scritto male, oppure la risposta è stata eliminata.',
    closedTitle: 'Questa risposta non può più essere modificata',
    closedBody: 'Il tempo per modificare le risposte è scaduto.',
  },
  de: {
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

export function editPageTextsFor(language: string): EditPageTexts {
  return EDIT_PAGE_TEXTS[isLanguage(language) ? language : 'en'];
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
