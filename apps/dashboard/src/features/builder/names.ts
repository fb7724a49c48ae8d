import type { ConditionOperator, FieldType, ValidationRule } from '@formloom/contract';
import { useI18n } from '../../i18n/i18n.js';
import type { DashboardLanguage } from '../../i18n/messages.js';

type RuleType = ValidationRule['type'];

interface Names {
  type: Record<FieldType, string>;
  operator: Record<ConditionOperator, string>;
  rule: Record<RuleType, string>;
}

/**
 * What the builder calls field types, condition operators and rule types, in words, in the six
 * languages (the schema keeps its identifiers; the selects show these). The types make each
 * catalog name every identifier the contract has.
 */
const NAMES: Record<DashboardLanguage, Names> = {
  en: {
    type: {
      text: 'Short text',
      textarea: 'Long text',
      number: 'Number',
      email: 'Email',
      select: 'Dropdown',
      radio: 'Single choice',
      checkbox: 'Checkboxes',
      date: 'Date',
      file: 'File upload',
      hidden: 'Hidden',
    },
    operator: {
      equals: 'is',
      notEquals: 'is not',
      contains: 'contains',
      notContains: 'does not contain',
      startsWith: 'starts with',
      endsWith: 'ends with',
      greaterThan: 'is greater than',
      lessThan: 'is less than',
      greaterThanOrEqual: 'is at least',
      lessThanOrEqual: 'is at most',
      before: 'is before',
      after: 'is after',
      isEmpty: 'is empty',
      isNotEmpty: 'is not empty',
      isChecked: 'is checked',
      isNotChecked: 'is not checked',
    },
    rule: {
      required: 'Required',
      minLength: 'Minimum length',
      maxLength: 'Maximum length',
      min: 'Minimum',
      max: 'Maximum',
      pattern: 'Pattern (regular expression)',
    },
  },
  de: {
    type: {
      text: 'Kurzer Text',
      textarea: 'Langer Text',
      number: 'Zahl',
      email: 'E-Mail',
      select: 'Auswahlliste',
      radio: 'Einfachauswahl',
      checkbox: 'Kontrollkästchen',
      date: 'Datum',
      file: 'Datei-Upload',
      hidden: 'Verborgen',
    },
    operator: {
      equals: 'ist',
      notEquals: 'ist nicht',
      contains: 'enthält',
      notContains: 'enthält nicht',
      startsWith: 'beginnt mit',
      endsWith: 'endet mit',
      greaterThan: 'ist größer als',
      lessThan: 'ist kleiner als',
      greaterThanOrEqual: 'ist mindestens',
      lessThanOrEqual: 'ist höchstens',
      before: 'ist vor',
      after: 'ist nach',
      isEmpty: 'ist leer',
      isNotEmpty: 'ist nicht leer',
      isChecked: 'ist angekreuzt',
      isNotChecked: 'ist nicht angekreuzt',
    },
    rule: {
      required: 'Pflichtfeld',
      minLength: 'Mindestlänge',
      maxLength: 'Höchstlänge',
      min: 'Minimum',
      max: 'Maximum',
      pattern: 'Muster (regulärer Ausdruck)',
    },
  },
  es: {
    type: {
      text: 'Texto corto',
      textarea: 'Texto largo',
      number: 'Número',
      email: 'Correo electrónico',
      select: 'Lista desplegable',
      radio: 'Opción única',
      checkbox: 'Casillas',
      date: 'Fecha',
      file: 'Subida de archivo',
      hidden: 'Oculto',
    },
    operator: {
      equals: 'es',
      notEquals: 'no es',
      contains: 'contiene',
      notContains: 'no contiene',
      startsWith: 'empieza por',
      endsWith: 'termina en',
      greaterThan: 'es mayor que',
      lessThan: 'es menor que',
      greaterThanOrEqual: 'es al menos',
      lessThanOrEqual: 'es como máximo',
      before: 'es anterior a',
      after: 'es posterior a',
      isEmpty: 'está vacío',
      isNotEmpty: 'no está vacío',
      isChecked: 'está marcado',
      isNotChecked: 'no está marcado',
    },
    rule: {
      required: 'Obligatorio',
      minLength: 'Longitud mínima',
      maxLength: 'Longitud máxima',
      min: 'Mínimo',
      max: 'Máximo',
      pattern: 'Patrón (expresión regular)',
    },
  },
  it: {
    type: {
      text: 'Testo breve',
      textarea: 'Testo lungo',
      number: 'Numero',
      email: 'Email',
      select: 'Menu a tendina',
      radio: 'Scelta singola',
      checkbox: 'Caselle di controllo',
      date: 'Data',
      file: 'Caricamento file',
      hidden: 'Nascosto',
    },
    operator: {
      equals: 'è',
      notEquals: 'non è',
      contains: 'contiene',
      notContains: 'non contiene',
      startsWith: 'inizia con',
      endsWith: 'finisce con',
      greaterThan: 'è maggiore di',
      lessThan: 'è minore di',
      greaterThanOrEqual: 'è almeno',
      lessThanOrEqual: 'è al massimo',
      before: 'è prima del',
      after: 'è dopo il',
      isEmpty: 'è vuoto',
      isNotEmpty: 'non è vuoto',
      isChecked: 'è spuntato',
      isNotChecked: 'non è spuntato',
    },
    rule: {
      required: 'Obbligatorio',
      minLength: 'Lunghezza minima',
      maxLength: 'Lunghezza massima',
      min: 'Minimo',
      max: 'Massimo',
      pattern: 'Modello (espressione regolare)',
    },
  },
  nl: {
    type: {
      text: 'Korte tekst',
      textarea: 'Lange tekst',
      number: 'Getal',
      email: 'E-mail',
      select: 'Keuzelijst',
      radio: 'Enkele keuze',
      checkbox: 'Selectievakjes',
      date: 'Datum',
      file: 'Bestand uploaden',
      hidden: 'Verborgen',
    },
    operator: {
      equals: 'is',
      notEquals: 'is niet',
      contains: 'bevat',
      notContains: 'bevat niet',
      startsWith: 'begint met',
      endsWith: 'eindigt op',
      greaterThan: 'is groter dan',
      lessThan: 'is kleiner dan',
      greaterThanOrEqual: 'is minstens',
      lessThanOrEqual: 'is hoogstens',
      before: 'is voor',
      after: 'is na',
      isEmpty: 'is leeg',
      isNotEmpty: 'is niet leeg',
      isChecked: 'is aangevinkt',
      isNotChecked: 'is niet aangevinkt',
    },
    rule: {
      required: 'Verplicht',
      minLength: 'Minimale lengte',
      maxLength: 'Maximale lengte',
      min: 'Minimum',
      max: 'Maximum',
      pattern: 'Patroon (reguliere expressie)',
    },
  },
  tr: {
    type: {
      text: 'Kısa metin',
      textarea: 'Uzun metin',
      number: 'Sayı',
      email: 'E-posta',
      select: 'Açılır liste',
      radio: 'Tek seçim',
      checkbox: 'Onay kutuları',
      date: 'Tarih',
      file: 'Dosya yükleme',
      hidden: 'Gizli',
    },
    operator: {
      equals: 'eşittir',
      notEquals: 'eşit değildir',
      contains: 'içerir',
      notContains: 'içermez',
      startsWith: 'ile başlar',
      endsWith: 'ile biter',
      greaterThan: 'büyüktür',
      lessThan: 'küçüktür',
      greaterThanOrEqual: 'en az',
      lessThanOrEqual: 'en çok',
      before: 'öncedir',
      after: 'sonradır',
      isEmpty: 'boştur',
      isNotEmpty: 'boş değildir',
      isChecked: 'işaretlidir',
      isNotChecked: 'işaretli değildir',
    },
    rule: {
      required: 'Zorunlu',
      minLength: 'En kısa uzunluk',
      maxLength: 'En uzun uzunluk',
      min: 'En küçük değer',
      max: 'En büyük değer',
      pattern: 'Desen (düzenli ifade)',
    },
  },
};

/** The builder's names in the dashboard's language. */
export function useNames(): Names {
  return NAMES[useI18n().language];
}

/** Select options for identifiers, each shown by its name (an unknown one by itself). */
export function named<K extends string>(ids: readonly K[], names: Record<K, string>) {
  return ids.map((id) => ({ value: id, label: names[id] ?? id }));
}
