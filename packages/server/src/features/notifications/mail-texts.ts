import type { Language } from '@formloom/contract';

/** The built-in texts of the notification mails, in every language of the public page. */
export interface MailTexts {
  /** Owner mail subject: `New response: <form title>`. */
  newResponse: string;
  /** Default subject of the respondent's copy: `Your answers: <form title>`. */
  yourAnswers: string;
  /** Heading of the answers in the respondent's copy. */
  copyIntro: string;
  viewResponse: string;
  /** After a file's name: the file is not attached. */
  fileNotAttached: string;
  variables: string;
  noAnswers: string;
  /** Under a repeating section's title when the response has no entry in it. */
  noEntries: string;
  /**
   * Instead of an attached PDF too large to attach, before the link to the response (`{mb}`: the
   * largest size attached, in MB).
   */
  pdfTooLarge: string;
}

const TEXTS: Record<Language, MailTexts> = {
  en: {
    newResponse: 'New response',
    yourAnswers: 'Your answers',
    copyIntro: 'A copy of the answers you sent:',
    viewResponse: 'View the response',
    fileNotAttached: 'file, not attached',
    variables: 'Computed values',
    noAnswers: 'No answers.',
    noEntries: 'No entries.',
    pdfTooLarge:
      "The response's PDF is larger than {mb} MB, so it is not attached; download it from the response's page",
  },
  tr: {
    newResponse: 'Yeni yanıt',
    yourAnswers: 'Yanıtlarınız',
    copyIntro: 'Gönderdiğiniz yanıtların bir kopyası:',
    viewResponse: 'Yanıtı görüntüle',
    fileNotAttached: 'dosya, eklenmedi',
    variables: 'Hesaplanan değerler',
    noAnswers: 'Yanıt yok.',
    noEntries: 'Kayıt yok.',
    pdfTooLarge: "Yanıtın PDF'i {mb} MB'tan büyük olduğu için eklenmedi; yanıtın sayfasından indirin",
  },
  es: {
    newResponse: 'Nueva respuesta',
    yourAnswers: 'Tus respuestas',
    copyIntro: 'Una copia de las respuestas que enviaste:',
    viewResponse: 'Ver la respuesta',
    fileNotAttached: 'archivo, no adjunto',
    variables: 'Valores calculados',
    noAnswers: 'Sin respuestas.',
    noEntries: 'Sin entradas.',
    pdfTooLarge:
      'El PDF de la respuesta ocupa más de {mb} MB, así que no se adjunta; descárgalo desde la página de la respuesta',
  },
  it: {
    newResponse: 'Nuova risposta',
    yourAnswers: 'Le tue risposte',
    copyIntro: 'Una copia delle risposte che hai inviato:',
    viewResponse: 'Vedi la risposta',
    fileNotAttached: 'file, non allegato',
    variables: 'Valori calcolati',
    noAnswers: 'Nessuna risposta.',
    noEntries: 'Nessuna voce.',
    pdfTooLarge:
      'Il PDF della risposta supera i {mb} MB, quindi non è allegato; scaricalo dalla pagina della risposta',
  },
  de: {
    newResponse: 'Neue Antwort',
    yourAnswers: 'Ihre Antworten',
    copyIntro: 'Eine Kopie Ihrer gesendeten Antworten:',
    viewResponse: 'Antwort ansehen',
    fileNotAttached: 'Datei, nicht angehängt',
    variables: 'Berechnete Werte',
    noAnswers: 'Keine Antworten.',
    noEntries: 'Keine Einträge.',
    pdfTooLarge:
      'Das PDF der Antwort ist größer als {mb} MB und daher nicht angehängt; laden Sie es auf der Seite der Antwort herunter',
  },
  nl: {
    newResponse: 'Nieuw antwoord',
    yourAnswers: 'Uw antwoorden',
    copyIntro: 'Een kopie van de antwoorden die u stuurde:',
    viewResponse: 'Antwoord bekijken',
    fileNotAttached: 'bestand, niet bijgevoegd',
    variables: 'Berekende waarden',
    noAnswers: 'Geen antwoorden.',
    noEntries: 'Geen items.',
    pdfTooLarge:
      'De pdf van het antwoord is groter dan {mb} MB en is daarom niet bijgevoegd; download hem op de pagina van het antwoord',
  },
};

export function mailTexts(language: Language): MailTexts {
  return TEXTS[language] ?? TEXTS.en;
}
