import { defineTexts } from '../../i18n/texts.js';

// The map's own catalog: it travels in the map's lazy chunk, not in the builder's.
const en = {
  title: 'Map of the form',
  intro: 'The pages in order, where each one leads, and the endings. Select a page or an ending to edit it.',
  notPaged:
    'This form shows all its questions on one page: jumps are followed only with the layout "A page per section" (Texts and completion).',
  drawing: 'Drawing of the map',
  inWords: 'The map in words',
  page: "Page {n} '{title}'",
  pageUntitled: 'Page {n}',
  ending: "Ending '{title}'",
  endingShort: 'Ending',
  completion: 'Default completion',
  ifThen: 'if {condition}: {target}',
  otherwise: 'otherwise: {target}',
  otherwiseShort: 'otherwise',
  next: 'next: {target}',
  unreachable: '(unreachable)',
  endingWhen: 'reached when {condition}',
  endingFrom: 'by a jump from {pages}',
  endingNever: 'reached by no path',
  and: ' and ',
  or: ' or ',
  yes: 'yes',
  no: 'no',
};

type Key = keyof typeof en;

const de: Record<Key, string> = {
  title: 'Karte des Formulars',
  intro:
    'Die Seiten in ihrer Reihenfolge, wohin jede führt, und die Abschlüsse. Wählen Sie eine Seite oder einen Abschluss aus, um ihn zu bearbeiten.',
  notPaged:
    'Dieses Formular zeigt alle Fragen auf einer Seite: Sprünge gelten nur mit der Aufteilung „Eine Seite pro Abschnitt“ (Texte und Abschluss).',
  drawing: 'Zeichnung der Karte',
  inWords: 'Die Karte in Worten',
  page: 'Seite {n} „{title}“',
  pageUntitled: 'Seite {n}',
  ending: 'Abschluss „{title}“',
  endingShort: 'Abschluss',
  completion: 'Standardabschluss',
  ifThen: 'wenn {condition}: {target}',
  otherwise: 'sonst: {target}',
  otherwiseShort: 'sonst',
  next: 'weiter: {target}',
  unreachable: '(unerreichbar)',
  endingWhen: 'erreicht, wenn {condition}',
  endingFrom: 'durch einen Sprung von {pages}',
  endingNever: 'auf keinem Weg erreicht',
  and: ' und ',
  or: ' oder ',
  yes: 'ja',
  no: 'nein',
};

const es: Record<Key, string> = {
  title: 'Mapa del formulario',
  intro:
    'Las páginas en orden, adónde lleva cada una y los finales. Seleccione una página o un final para editarlo.',
  notPaged:
    'Este formulario muestra todas sus preguntas en una página: los saltos solo se siguen con la disposición «Una página por sección» (Textos y finalización).',
  drawing: 'Dibujo del mapa',
  inWords: 'El mapa en palabras',
  page: 'Página {n} «{title}»',
  pageUntitled: 'Página {n}',
  ending: 'Final «{title}»',
  endingShort: 'Final',
  completion: 'Finalización predeterminada',
  ifThen: 'si {condition}: {target}',
  otherwise: 'si no: {target}',
  otherwiseShort: 'si no',
  next: 'siguiente: {target}',
  unreachable: '(inalcanzable)',
  endingWhen: 'se alcanza cuando {condition}',
  endingFrom: 'por un salto desde {pages}',
  endingNever: 'no se alcanza por ningún camino',
  and: ' y ',
  or: ' o ',
  yes: 'sí',
  no: 'no',
};

const it: Record<Key, string> = {
  title: 'Mappa del modulo',
  intro:
    'Le pagine in ordine, dove porta ciascuna e i finali. Selezioni una pagina o un finale per modificarlo.',
  notPaged:
    'Questo modulo mostra tutte le domande in una pagina: i salti si seguono solo con l’impaginazione «Una pagina per sezione» (Testi e completamento).',
  drawing: 'Disegno della mappa',
  inWords: 'La mappa a parole',
  page: 'Pagina {n} «{title}»',
  pageUntitled: 'Pagina {n}',
  ending: 'Finale «{title}»',
  endingShort: 'Finale',
  completion: 'Completamento predefinito',
  ifThen: 'se {condition}: {target}',
  otherwise: 'altrimenti: {target}',
  otherwiseShort: 'altrimenti',
  next: 'poi: {target}',
  unreachable: '(irraggiungibile)',
  endingWhen: 'raggiunto quando {condition}',
  endingFrom: 'con un salto da {pages}',
  endingNever: 'non raggiunto da alcun percorso',
  and: ' e ',
  or: ' o ',
  yes: 'sì',
  no: 'no',
};

const nl: Record<Key, string> = {
  title: 'Kaart van het formulier',
  intro:
    'De pagina’s op volgorde, waar elke pagina heen leidt, en de eindes. Kies een pagina of een einde om het te bewerken.',
  notPaged:
    'Dit formulier toont alle vragen op één pagina: sprongen worden alleen gevolgd met de indeling ‘Een pagina per sectie’ (Teksten en afronding).',
  drawing: 'Tekening van de kaart',
  inWords: 'De kaart in woorden',
  page: 'Pagina {n} ‘{title}’',
  pageUntitled: 'Pagina {n}',
  ending: 'Einde ‘{title}’',
  endingShort: 'Einde',
  completion: 'Standaardafronding',
  ifThen: 'als {condition}: {target}',
  otherwise: 'anders: {target}',
  otherwiseShort: 'anders',
  next: 'volgende: {target}',
  unreachable: '(onbereikbaar)',
  endingWhen: 'bereikt als {condition}',
  endingFrom: 'via een sprong vanaf {pages}',
  endingNever: 'langs geen enkel pad bereikt',
  and: ' en ',
  or: ' of ',
  yes: 'ja',
  no: 'nee',
};

const tr: Record<Key, string> = {
  title: 'Formun haritası',
  intro:
    'Sırasıyla sayfalar, her birinin nereye götürdüğü ve bitişler. Düzenlemek için bir sayfa ya da bitiş seçin.',
  notPaged:
    'Bu form tüm sorularını tek sayfada gösteriyor: atlamalar yalnızca "Bölüm başına bir sayfa" düzeninde izlenir (Metinler ve bitiş).',
  drawing: 'Haritanın çizimi',
  inWords: 'Sözcüklerle harita',
  page: "Sayfa {n} '{title}'",
  pageUntitled: 'Sayfa {n}',
  ending: "Bitiş '{title}'",
  endingShort: 'Bitiş',
  completion: 'Varsayılan bitiş',
  ifThen: '{condition} ise: {target}',
  otherwise: 'değilse: {target}',
  otherwiseShort: 'değilse',
  next: 'sonraki: {target}',
  unreachable: '(ulaşılamaz)',
  endingWhen: '{condition} olduğunda ulaşılır',
  endingFrom: '{pages} sayfasından bir atlamayla',
  endingNever: 'hiçbir yoldan ulaşılmıyor',
  and: ' ve ',
  or: ' veya ',
  yes: 'evet',
  no: 'hayır',
};

export const formMapTexts = defineTexts(en, { de, es, it, nl, tr });
