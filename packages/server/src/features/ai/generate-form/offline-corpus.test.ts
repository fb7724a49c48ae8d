import { LANGUAGES, type Language } from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import { createOfflineProvider } from '../../../ai/providers/offline.js';
import { formProblems } from '../../../platform/form-problems.js';
import { draftToSchema, type FormDraft } from './form-draft.js';
import { generateFormTask } from './generate-form-task.js';

/**
 * The offline provider's corpus: prompts that name their fields, eight per language, each with the
 * form expected field by field. A field is `type:Label`, `*` when required, `(a|b)` its options;
 * `# Title` opens a section when the prompt lists groups.
 */
const CORPUS: [Language, string, string, string[]][] = [
  [
    'en',
    'A job application form with name, email, years of experience as a number, workshop (React, Node, Postgres), and a cover letter',
    'Job application form',
    [
      'text:Name*',
      'email:Email address*',
      'number:Years of experience',
      'select:Workshop(React|Node|Postgres)',
      'textarea:Cover letter',
    ],
  ],
  [
    'en',
    'Event registration: full name (required), email, phone (optional), dietary preference (vegetarian, vegan, none), date of arrival',
    'Event registration',
    [
      'text:Full name*',
      'email:Email address*',
      'phone:Phone number',
      'select:Dietary preference(vegetarian|vegan|none)',
      'date:Date of arrival',
      'textarea:Anything else you would like to tell us?',
    ],
  ],
  [
    'en',
    'Conference registration. Personal details: name, email, phone. Sessions: workshop (React, Node), dinner (yes/no), rate the venue 1-10.',
    'Conference registration',
    [
      '# Personal details',
      'text:Name*',
      'email:Email address*',
      'phone:Phone number',
      '# Sessions',
      'select:Workshop(React|Node)',
      'radio:Dinner(Yes|No)',
      'rating:Rate the venue*',
      'textarea:Anything else you would like to tell us?',
    ],
  ],
  [
    'en',
    'Newsletter signup with email (required), first name and interests (select all that apply: tech, design, business)',
    'Newsletter signup',
    [
      'email:Email address*',
      'text:First name*',
      'checkbox:Interests(tech|design|business)',
      'textarea:Anything else you would like to tell us?',
    ],
  ],
  [
    'en',
    'Customer feedback survey with a rating from 1 to 5, what you liked as long text, and would you recommend us (yes/no)',
    'Customer feedback survey',
    [
      'text:Your name*',
      'rating:How would you rate it?*',
      'textarea:What you liked',
      'radio:Would you recommend us(Yes|No)',
    ],
  ],
  [
    'en',
    'Pick a plan: basic, pro or team',
    'Questionnaire',
    ['text:Your name*', 'select:Plan(basic|pro|team)', 'textarea:Anything else you would like to tell us?'],
  ],
  [
    'en',
    'A contact form with name, email, phone number, website and message',
    'Contact form',
    ['text:Name*', 'email:Email address*', 'phone:Phone number', 'url:Website', 'textarea:Message'],
  ],
  [
    'en',
    'Volunteer signup with email, a date, t-shirt size (S, M, L, XL) and availability (weekdays, weekends)',
    'Volunteer signup',
    [
      'text:Your name*',
      'email:Email address*',
      'date:Date',
      'select:T-shirt size(S|M|L|XL)',
      'select:Availability(weekdays|weekends)',
      'textarea:Anything else you would like to tell us?',
    ],
  ],

  [
    'de',
    'Anmeldeformular mit Name, E-Mail, Jahre Erfahrung als Zahl und Workshop (React, Node, Postgres)',
    'Anmeldeformular',
    [
      'text:Name*',
      'email:E-Mail-Adresse*',
      'number:Jahre Erfahrung',
      'select:Workshop(React|Node|Postgres)',
      'textarea:Möchten Sie uns noch etwas mitteilen?',
    ],
  ],
  [
    'de',
    'Bewerbung: Vorname, Nachname, E-Mail (Pflicht), Telefon (optional), Lebenslauf hochladen und Anschreiben',
    'Bewerbung',
    [
      'text:Vorname*',
      'text:Nachname*',
      'email:E-Mail-Adresse*',
      'phone:Telefonnummer',
      'file:Lebenslauf',
      'textarea:Anschreiben',
    ],
  ],
  [
    'de',
    'Eine Umfrage zur Zufriedenheit mit unserem Kundendienst und eine E-Mail',
    'Umfrage zur Zufriedenheit mit unserem Kundendienst',
    [
      'text:Ihr Name*',
      'rating:Wie bewerten Sie es?*',
      'email:E-Mail-Adresse*',
      'textarea:Möchten Sie uns noch etwas mitteilen?',
    ],
  ],
  [
    'de',
    'Reservierung mit Name, Datum, Anzahl der Gäste und Sitzplatz (drinnen, draußen)',
    'Reservierung',
    [
      'text:Name*',
      'date:Datum',
      'number:Anzahl der Gäste',
      'select:Sitzplatz(drinnen|draußen)',
      'textarea:Möchten Sie uns noch etwas mitteilen?',
    ],
  ],
  [
    'de',
    'Kursanmeldung. Persönliche Daten: Name, E-Mail, Geburtsdatum. Kurs: Kurswahl (Yoga, Pilates, Spinning), Erfahrung (Anfänger, Fortgeschritten).',
    'Kursanmeldung',
    [
      '# Persönliche Daten',
      'text:Name*',
      'email:E-Mail-Adresse*',
      'date:Geburtsdatum',
      '# Kurs',
      'select:Kurswahl(Yoga|Pilates|Spinning)',
      'select:Erfahrung(Anfänger|Fortgeschritten)',
      'textarea:Möchten Sie uns noch etwas mitteilen?',
    ],
  ],
  [
    'de',
    'Feedbackbogen mit Bewertung (1-10), Kommentar und Weiterempfehlung (ja/nein)',
    'Feedbackbogen',
    [
      'text:Ihr Name*',
      'rating:Wie bewerten Sie es?*',
      'textarea:Kommentar',
      'radio:Weiterempfehlung(Ja|Nein)',
    ],
  ],
  [
    'de',
    'Bestellformular mit Produkt (Kaffee, Tee, Kakao), Menge als Zahl, Lieferdatum und Adresse',
    'Bestellformular',
    [
      'text:Ihr Name*',
      'select:Produkt(Kaffee|Tee|Kakao)',
      'number:Menge',
      'date:Lieferdatum',
      'address:Adresse',
      'textarea:Möchten Sie uns noch etwas mitteilen?',
    ],
  ],
  [
    'de',
    'Ein Formular für Spenden mit E-Mail, Betrag und Zahlungsweise (Überweisung, Lastschrift)',
    'Formular für Spenden',
    [
      'text:Ihr Name*',
      'email:E-Mail-Adresse*',
      'number:Betrag',
      'select:Zahlungsweise(Überweisung|Lastschrift)',
      'textarea:Möchten Sie uns noch etwas mitteilen?',
    ],
  ],

  [
    'es',
    'Formulario de inscripción con nombre, correo electrónico, edad y taller (React, Node o Postgres)',
    'Formulario de inscripción',
    [
      'text:Nombre*',
      'email:Correo electrónico*',
      'number:Edad',
      'select:Taller(React|Node|Postgres)',
      'textarea:¿Algo más que quiera contarnos?',
    ],
  ],
  [
    'es',
    'Solicitud de empleo: nombre completo, teléfono, fecha de inicio, CV (obligatorio) y carta de presentación',
    'Solicitud de empleo',
    [
      'text:Nombre completo*',
      'phone:Número de teléfono',
      'date:Fecha de inicio',
      'file:CV*',
      'textarea:Carta de presentación',
    ],
  ],
  [
    'es',
    'Encuesta de satisfacción con valoración de 1 a 5, comentarios y recomendación (sí/no)',
    'Encuesta de satisfacción',
    ['text:Su nombre*', 'rating:¿Cómo lo valoraría?*', 'textarea:Comentarios', 'radio:Recomendación(Sí|No)'],
  ],
  [
    'es',
    'Reserva de mesa con nombre, fecha, número de personas y zona (terraza, interior)',
    'Reserva de mesa',
    [
      'text:Nombre*',
      'date:Fecha',
      'number:Número de personas',
      'select:Zona(terraza|interior)',
      'textarea:¿Algo más que quiera contarnos?',
    ],
  ],
  [
    'es',
    'Registro para el evento. Datos personales: nombre, correo, teléfono. Preferencias: menú (carne, pescado, vegetariano), alergias como texto largo.',
    'Registro para el evento',
    [
      '# Datos personales',
      'text:Nombre*',
      'email:Correo electrónico*',
      'phone:Número de teléfono',
      '# Preferencias',
      'select:Menú(carne|pescado|vegetariano)',
      'textarea:Alergias',
    ],
  ],
  [
    'es',
    'Inscripción al curso con nombre, email y nivel (principiante, intermedio, avanzado)',
    'Inscripción al curso',
    [
      'text:Nombre*',
      'email:Correo electrónico*',
      'select:Nivel(principiante|intermedio|avanzado)',
      'textarea:¿Algo más que quiera contarnos?',
    ],
  ],
  [
    'es',
    'Pedido con producto (camiseta, taza), cantidad como número y dirección',
    'Pedido',
    [
      'text:Su nombre*',
      'select:Producto(camiseta|taza)',
      'number:Cantidad',
      'address:Dirección',
      'textarea:¿Algo más que quiera contarnos?',
    ],
  ],
  [
    'es',
    'Elija un plan: básico, profesional o empresa',
    'Cuestionario',
    [
      'text:Su nombre*',
      'select:Plan(básico|profesional|empresa)',
      'textarea:¿Algo más que quiera contarnos?',
    ],
  ],

  [
    'it',
    'Modulo di iscrizione con nome, email, anni di esperienza come numero e workshop (React, Node, Postgres)',
    'Modulo di iscrizione',
    [
      'text:Nome*',
      'email:Indirizzo email*',
      'number:Anni di esperienza',
      'select:Workshop(React|Node|Postgres)',
      "textarea:C'è altro che vuole dirci?",
    ],
  ],
  [
    'it',
    'Candidatura: nome e cognome, telefono, data di inizio, curriculum (obbligatorio) e lettera di presentazione',
    'Candidatura',
    [
      'text:Nome*',
      'text:Cognome*',
      'phone:Numero di telefono',
      'date:Data di inizio',
      'file:Curriculum*',
      'textarea:Lettera di presentazione',
    ],
  ],
  [
    'it',
    'Sondaggio sulla soddisfazione con voto da 1 a 10, commenti e consiglierebbe (sì/no)',
    'Sondaggio sulla soddisfazione',
    ['text:Il suo nome*', 'rating:Come lo valuterebbe?*', 'textarea:Commenti', 'radio:Consiglierebbe(Sì|No)'],
  ],
  [
    'it',
    'Prenotazione tavolo con nome, data, numero di ospiti e zona (interno, esterno)',
    'Prenotazione tavolo',
    [
      'text:Nome*',
      'date:Data',
      'number:Numero di ospiti',
      'select:Zona(interno|esterno)',
      "textarea:C'è altro che vuole dirci?",
    ],
  ],
  [
    'it',
    'Iscrizione al corso. Dati personali: nome, email, telefono. Corso: livello (base, intermedio, avanzato), orario (mattina, sera).',
    'Iscrizione al corso',
    [
      '# Dati personali',
      'text:Nome*',
      'email:Indirizzo email*',
      'phone:Numero di telefono',
      '# Corso',
      'select:Livello(base|intermedio|avanzato)',
      'select:Orario(mattina|sera)',
      "textarea:C'è altro che vuole dirci?",
    ],
  ],
  [
    'it',
    'Ordine con prodotto (maglietta, tazza), quantità come numero e indirizzo',
    'Ordine',
    [
      'text:Il suo nome*',
      'select:Prodotto(maglietta|tazza)',
      'number:Quantità',
      'address:Indirizzo',
      "textarea:C'è altro che vuole dirci?",
    ],
  ],
  [
    'it',
    'Scegliere un corso: yoga, pilates oppure danza',
    'Questionario',
    ['text:Il suo nome*', 'select:Corso(yoga|pilates|danza)', "textarea:C'è altro che vuole dirci?"],
  ],
  [
    'it',
    'Questionario per i genitori con nome, età del figlio, allergie come testo lungo e foto (facoltativo)',
    'Questionario per i genitori',
    ['text:Nome*', 'number:Età del figlio', 'textarea:Allergie', 'file:Foto'],
  ],

  [
    'nl',
    'Aanmeldformulier met naam, e-mail, jaren ervaring als getal en workshop (React, Node, Postgres)',
    'Aanmeldformulier',
    [
      'text:Naam*',
      'email:E-mailadres*',
      'number:Jaren ervaring',
      'select:Workshop(React|Node|Postgres)',
      'textarea:Wilt u ons nog iets laten weten?',
    ],
  ],
  [
    'nl',
    'Sollicitatie: voornaam, achternaam, telefoon, startdatum, CV (verplicht) en motivatie',
    'Sollicitatie',
    [
      'text:Voornaam*',
      'text:Achternaam*',
      'phone:Telefoonnummer',
      'date:Startdatum',
      'file:CV*',
      'textarea:Motivatie',
    ],
  ],
  [
    'nl',
    'Een tevredenheidsenquête met een cijfer van 1 tot 10, opmerkingen en aanbevelen (ja/nee)',
    'Tevredenheidsenquête',
    [
      'text:Uw naam*',
      'rating:Hoe zou u het beoordelen?*',
      'textarea:Opmerkingen',
      'radio:Aanbevelen(Ja|Nee)',
    ],
  ],
  [
    'nl',
    'Reservering met naam, datum, aantal personen en plaats (binnen, buiten)',
    'Reservering',
    [
      'text:Naam*',
      'date:Datum',
      'number:Aantal personen',
      'select:Plaats(binnen|buiten)',
      'textarea:Wilt u ons nog iets laten weten?',
    ],
  ],
  [
    'nl',
    'Inschrijving voor de cursus. Persoonlijke gegevens: naam, e-mail, telefoon. Cursus: niveau (beginner, gevorderd), dag (maandag, woensdag).',
    'Inschrijving voor de cursus',
    [
      '# Persoonlijke gegevens',
      'text:Naam*',
      'email:E-mailadres*',
      'phone:Telefoonnummer',
      '# Cursus',
      'select:Niveau(beginner|gevorderd)',
      'select:Dag(maandag|woensdag)',
      'textarea:Wilt u ons nog iets laten weten?',
    ],
  ],
  [
    'nl',
    'Bestelformulier met product (mok, shirt), aantal als getal en adres',
    'Bestelformulier',
    [
      'text:Uw naam*',
      'select:Product(mok|shirt)',
      'number:Aantal',
      'address:Adres',
      'textarea:Wilt u ons nog iets laten weten?',
    ],
  ],
  [
    'nl',
    'Kies een pakket: basis, pro of team',
    'Vragenlijst',
    ['text:Uw naam*', 'select:Pakket(basis|pro|team)', 'textarea:Wilt u ons nog iets laten weten?'],
  ],
  [
    'nl',
    'Een contactformulier met naam, e-mail, website en bericht',
    'Contactformulier',
    ['text:Naam*', 'email:E-mailadres*', 'url:Website', 'textarea:Bericht'],
  ],

  [
    'tr',
    'Ad, e-posta ve telefon içeren bir başvuru formu',
    'Başvuru formu',
    [
      'text:Ad*',
      'email:E-posta adresi*',
      'phone:Telefon numarası',
      'textarea:Eklemek istediğiniz başka bir şey var mı?',
    ],
  ],
  [
    'tr',
    'Etkinlik kaydı: ad soyad, e-posta, katılım tarihi ve menü (et, balık, vejetaryen)',
    'Etkinlik kaydı',
    [
      'text:Ad soyad*',
      'email:E-posta adresi*',
      'date:Katılım tarihi',
      'select:Menü(et|balık|vejetaryen)',
      'textarea:Eklemek istediğiniz başka bir şey var mı?',
    ],
  ],
  [
    'tr',
    'Memnuniyet anketi: 1-5 arası puan, yorumlar ve tavsiye (evet/hayır)',
    'Memnuniyet anketi',
    ['text:Adınız*', 'rating:Nasıl değerlendirirsiniz?*', 'textarea:Yorumlar', 'radio:Tavsiye(Evet|Hayır)'],
  ],
  [
    'tr',
    'Rezervasyon formu: ad, tarih, kişi sayısı ve bölüm (iç mekan, teras)',
    'Rezervasyon formu',
    [
      'text:Ad*',
      'date:Tarih',
      'number:Kişi sayısı',
      'select:Bölüm(iç mekan|teras)',
      'textarea:Eklemek istediğiniz başka bir şey var mı?',
    ],
  ],
  [
    'tr',
    'Kurs kaydı. Kişisel bilgiler: ad, e-posta, telefon. Kurs: seviye (başlangıç, orta, ileri), gün (pazartesi, çarşamba).',
    'Kurs kaydı',
    [
      '# Kişisel bilgiler',
      'text:Ad*',
      'email:E-posta adresi*',
      'phone:Telefon numarası',
      '# Kurs',
      'select:Seviye(başlangıç|orta|ileri)',
      'select:Gün(pazartesi|çarşamba)',
      'textarea:Eklemek istediğiniz başka bir şey var mı?',
    ],
  ],
  [
    'tr',
    'Sipariş formu: ürün (kupa, tişört), adet ve adres',
    'Sipariş formu',
    [
      'text:Adınız*',
      'select:Ürün(kupa|tişört)',
      'number:Adet',
      'address:Adres',
      'textarea:Eklemek istediğiniz başka bir şey var mı?',
    ],
  ],
  [
    'tr',
    'Bir plan seçin: temel, pro veya ekip',
    'Anket',
    ['text:Adınız*', 'select:Plan(temel|pro|ekip)', 'textarea:Eklemek istediğiniz başka bir şey var mı?'],
  ],
  [
    'tr',
    'Özgeçmiş yükleme, e-posta ve doğum tarihi isteyen bir başvuru formu',
    'Başvuru formu',
    [
      'text:Adınız*',
      'file:Özgeçmiş',
      'email:E-posta adresi*',
      'date:Doğum tarihi',
      'textarea:Eklemek istediğiniz başka bir şey var mı?',
    ],
  ],
];

/** The draft as the corpus writes it: a line per field, `# Title` per section when there are several. */
function outline(draft: FormDraft): string[] {
  return draft.sections.flatMap((section) => [
    ...(draft.sections.length > 1 ? [`# ${section.title}`] : []),
    ...section.fields.map(
      (f) => `${f.type}:${f.label}${f.required ? '*' : ''}${f.options ? `(${f.options.join('|')})` : ''}`,
    ),
  ]);
}

/**
 * Prompts that ask for a repeating section, two or more per language: the section's title and its
 * fields as in CORPUS (the rest of the form is read as before).
 */
const REPEATING: [Language, string, string, string[]][] = [
  [
    'en',
    'Dinner booking with your name and email, and for each guest their name and age',
    'Guest',
    ['text:Name*', 'number:Age'],
  ],
  [
    'en',
    'Job application: name, email. List your previous jobs with employer, role and years',
    'Previous jobs',
    ['text:Employer', 'text:Role', 'number:Years'],
  ],
  [
    'en',
    'Order form with your name and address; one row per item ordered: product, quantity and price',
    'Item ordered',
    ['text:Product', 'number:Quantity', 'number:Price'],
  ],
  ['en', 'A party signup: add each guest (name, age)', 'Guest', ['text:Name*', 'number:Age']],
  [
    'de',
    'Tischreservierung mit Name und E-Mail. Für jeden Gast Name und Alter',
    'Gast',
    ['text:Name*', 'number:Alter'],
  ],
  [
    'de',
    'Bewerbung mit Name und E-Mail. Listen Sie Ihre bisherigen Stellen auf: Arbeitgeber, Position und Jahre',
    'Bisherigen Stellen',
    ['text:Arbeitgeber', 'text:Position', 'number:Jahre'],
  ],
  [
    'es',
    'Reserva de cena con nombre y correo. Para cada invitado: nombre y edad',
    'Invitado',
    ['text:Nombre*', 'number:Edad'],
  ],
  [
    'es',
    'Solicitud de empleo con nombre y correo. Enumere sus empleos anteriores con empresa, cargo y años',
    'Empleos anteriores',
    ['text:Empresa', 'text:Cargo', 'number:Años'],
  ],
  [
    'it',
    'Prenotazione con nome ed email. Per ogni ospite: nome ed età',
    'Ospite',
    ['text:Nome*', 'number:Età'],
  ],
  [
    'it',
    "Modulo d'ordine con nome e indirizzo. Una riga per ogni articolo ordinato: prodotto, quantità e prezzo",
    'Articolo ordinato',
    ['text:Prodotto', 'number:Quantità', 'text:Prezzo'],
  ],
  [
    'nl',
    'Reservering met naam en e-mail. Voor elke gast: naam en leeftijd',
    'Gast',
    ['text:Naam*', 'number:Leeftijd'],
  ],
  [
    'nl',
    'Bestelformulier met naam en adres. Een regel per besteld artikel: product, aantal en prijs',
    'Besteld artikel',
    ['text:Product', 'number:Aantal', 'text:Prijs'],
  ],
  [
    'tr',
    'Rezervasyon formu: ad ve e-posta. Her misafir için ad ve yaş',
    'Misafir',
    ['text:Ad*', 'number:Yaş'],
  ],
  [
    'tr',
    'Başvuru formu: ad ve e-posta. Önceki işlerinizi listeleyin: işveren, pozisyon ve yıl',
    'Önceki işlerinizi',
    ['text:Işveren', 'text:Pozisyon', 'number:Yıl'],
  ],
];

/** Prompts that must not make a repeating section: one answer per question, or no list at all. */
const NOT_REPEATING: [Language, string][] = [
  ['en', 'Rate each statement from 1 to 5: the food was good, the staff was friendly'],
  ['en', 'A quiz about capitals: for each question pick the right city'],
  ['en', 'Her name, her email and a message'],
  ['en', 'A contact form with name, email and message'],
  ['de', 'Umfrage: für jede Frage eine Bewertung von 1 bis 5'],
  ['es', 'Formulario de contacto con nombre, correo y mensaje'],
  ['it', 'Modulo di contatto con nome, email e messaggio'],
  ['nl', 'Contactformulier met naam, e-mail en bericht'],
  ['tr', 'Ad, e-posta ve mesaj isteyen bir iletişim formu'],
];

describe('the offline provider on a corpus of prompts that name their fields', () => {
  const provider = createOfflineProvider();

  it.each(CORPUS)('[%s] %s', async (language, prompt, title, fields) => {
    const { value } = await provider.generate(generateFormTask, { prompt, language });
    expect(outline(value)).toEqual(fields);
    expect(value.title).toBe(title);
    expect(value.description).toMatch(
      new RegExp(`\\b${outline(value).filter((l) => !l.startsWith('#')).length}\\b`),
    );
    // The same validation a model's answer goes through.
    const schema = draftToSchema(value, language);
    expect(formProblems(schema.meta.title, schema)).toEqual([]);
  });

  it('covers the six languages, eight prompts each', () => {
    const count = (language: Language) => CORPUS.filter(([l]) => l === language).length;
    expect(LANGUAGES.map(count)).toEqual([8, 8, 8, 8, 8, 8]);
  });

  it.each(REPEATING)('[%s] a repeating section: %s', async (language, prompt, title, fields) => {
    const { value } = await provider.generate(generateFormTask, { prompt, language });
    const repeating = value.sections.filter((s) => s.repeat);
    expect(repeating.map((s) => s.title)).toEqual([title]);
    expect(outline({ ...value, sections: repeating })).toEqual(fields);
    // What is repeated is not asked again outside it; the form's own fields stay.
    expect(value.sections.filter((s) => !s.repeat).flatMap((s) => s.fields).length).toBeGreaterThan(0);
    const schema = draftToSchema(value, language);
    expect(schema.sections.find((s) => s.repeat)?.repeat?.addLabel).toBeTruthy();
    expect(formProblems(schema.meta.title, schema)).toEqual([]);
  });

  it.each(NOT_REPEATING)('[%s] no repeating section: %s', async (language, prompt) => {
    const { value } = await provider.generate(generateFormTask, { prompt, language });
    expect(value.sections.some((s) => s.repeat)).toBe(false);
  });

  it('covers the six languages with two or more repeating prompts each', () => {
    const count = (language: Language) => REPEATING.filter(([l]) => l === language).length;
    expect(Math.min(...LANGUAGES.map(count))).toBeGreaterThanOrEqual(2);
    expect(new Set(NOT_REPEATING.map(([l]) => l))).toEqual(new Set(LANGUAGES));
  });

  it('labels every result as offline', () => {
    expect(provider.provenance).toEqual({ provider: 'offline', model: 'formloom-offline-1', offline: true });
  });
});
