import type { MessageTable } from './message-table.js';

export const de: MessageTable = {
  required: 'Dies ist ein Pflichtfeld.',
  text: 'Bitte geben Sie einen Text ein.',
  number: 'Bitte geben Sie eine Zahl ein.',
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  option: 'Bitte wählen Sie eine der aufgeführten Optionen.',
  options: 'Bitte wählen Sie nur aus den aufgeführten Optionen.',
  duplicateOption: 'Jede Option kann nur einmal gewählt werden.',
  date: 'Bitte geben Sie ein gültiges Datum ein (JJJJ-MM-TT).',
  file: 'Dies ist keine gültige hochgeladene Datei.',
  fileType: 'Dieser Dateityp ist nicht erlaubt. Erlaubt sind: {types}.',
  fileSize: 'Die Datei ist zu groß. Die Grenze liegt bei {maxMB} MB.',
  tooLong: {
    one: 'Bitte verwenden Sie höchstens {max} Zeichen.',
    other: 'Bitte verwenden Sie höchstens {max} Zeichen.',
  },
  minLength: {
    one: 'Bitte verwenden Sie mindestens {min} Zeichen.',
    other: 'Bitte verwenden Sie mindestens {min} Zeichen.',
  },
  maxLength: {
    one: 'Bitte verwenden Sie höchstens {max} Zeichen.',
    other: 'Bitte verwenden Sie höchstens {max} Zeichen.',
  },
  minSelected: {
    one: 'Bitte wählen Sie mindestens {min} Option.',
    other: 'Bitte wählen Sie mindestens {min} Optionen.',
  },
  maxSelected: {
    one: 'Bitte wählen Sie höchstens {max} Option.',
    other: 'Bitte wählen Sie höchstens {max} Optionen.',
  },
  min: 'Bitte geben Sie eine Zahl größer oder gleich {min} ein.',
  max: 'Bitte geben Sie eine Zahl kleiner oder gleich {max} ein.',
  pattern: 'Der Wert hat nicht das erwartete Format.',
  unknownField: 'Dieses Formular hat kein solches Feld.',
  notAnObject: 'Die Antworten müssen ein Objekt mit den Feld-IDs als Schlüsseln sein.',
  scaleValue: 'Bitte wählen Sie eine ganze Zahl von {min} bis {max}.',
  sliderValue: 'Bitte wählen Sie einen Wert von {min} bis {max} in Schritten von {step}.',
  matrix: 'Bitte beantworten Sie jede Zeile mit einer der aufgeführten Spalten.',
  matrixRows: 'Bitte beantworten Sie jede Zeile.',
  ranking: 'Bitte ordnen Sie jede aufgeführte Option genau einmal.',
  rankCount: { one: 'Bitte ordnen Sie {max} Option.', other: 'Bitte ordnen Sie {max} Optionen.' },
  otherText: 'Bitte beschreiben Sie Ihre andere Antwort in höchstens {max} Zeichen.',
  exclusive: 'Diese Option kann nicht mit anderen kombiniert werden.',
};
