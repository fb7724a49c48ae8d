import {
  ANYTHING_ELSE,
  CONSENT_CONTACT,
  EMAIL,
  EMAIL_PLACEHOLDER,
  FULL_NAME,
  NO,
  PHONE,
  PHONE_HELP,
  PRIVACY,
  SEND,
  THANKS,
  YES,
} from './common-texts.js';
import { type TemplateSource, t } from './template-source.js';

const AGREE = {
  low: t(
    'Strongly disagree',
    'Kesinlikle katılmıyorum',
    'Totalmente en desacuerdo',
    'Per niente d’accordo',
    'Stimme gar nicht zu',
    'Helemaal mee oneens',
  ),
  high: t(
    'Strongly agree',
    'Kesinlikle katılıyorum',
    'Totalmente de acuerdo',
    'Del tutto d’accordo',
    'Stimme voll zu',
    'Helemaal mee eens',
  ),
};

/** A job application: contact, the role, experience, a CV upload, links; a campaign source in a hidden field. */
export const jobApplication: TemplateSource = {
  id: 'job-application',
  category: 'hr',
  name: t(
    'Job application',
    'İş başvurusu',
    'Solicitud de empleo',
    'Candidatura di lavoro',
    'Bewerbung',
    'Sollicitatie',
  ),
  description: t(
    'Receive applications with a CV, the role, experience, start date and a motivation.',
    'Özgeçmiş, pozisyon, deneyim, başlangıç tarihi ve motivasyonla başvuru alın.',
    'Recibe candidaturas con CV, puesto, experiencia, fecha de inicio y motivación.',
    'Ricevi candidature con CV, ruolo, esperienza, data di inizio e motivazione.',
    'Erhalte Bewerbungen mit Lebenslauf, Stelle, Erfahrung, Startdatum und Motivation.',
    'Ontvang sollicitaties met cv, functie, ervaring, startdatum en motivatie.',
  ),
  meta: {
    title: t(
      'Apply for a job',
      'Bir işe başvurun',
      'Solicita un empleo',
      'Candidati per un lavoro',
      'Jetzt bewerben',
      'Solliciteer',
    ),
    submitLabel: t(
      'Send application',
      'Başvuruyu gönder',
      'Enviar candidatura',
      'Invia candidatura',
      'Bewerbung senden',
      'Sollicitatie versturen',
    ),
  },
  settings: {
    layout: 'paged',
    completion: {
      message: t(
        'Thank you, {{name}}! We will reply within two weeks.',
        'Teşekkürler {{name}}! İki hafta içinde yanıt vereceğiz.',
        '¡Gracias, {{name}}! Te responderemos en dos semanas.',
        'Grazie, {{name}}! Ti risponderemo entro due settimane.',
        'Danke, {{name}}! Wir antworten innerhalb von zwei Wochen.',
        'Bedankt, {{name}}! We reageren binnen twee weken.',
      ),
    },
  },
  sections: [
    {
      id: 'contact',
      title: t(
        'Contact details',
        'İletişim bilgileri',
        'Datos de contacto',
        'Recapiti',
        'Kontaktdaten',
        'Contactgegevens',
      ),
      fields: [
        { id: 'name', type: 'text', required: true, label: FULL_NAME },
        { id: 'email', type: 'email', required: true, label: EMAIL, placeholder: EMAIL_PLACEHOLDER },
        { id: 'phone', type: 'phone', label: PHONE, helpText: PHONE_HELP },
        {
          id: 'source',
          type: 'hidden',
          label: t('Source', 'Kaynak', 'Origen', 'Fonte', 'Quelle', 'Bron'),
          prefill: { param: 'utm_source' },
        },
      ],
    },
    {
      id: 'role',
      title: t('The role', 'Pozisyon', 'El puesto', 'Il ruolo', 'Die Stelle', 'De functie'),
      fields: [
        {
          id: 'position',
          type: 'select',
          required: true,
          label: t('Position', 'Pozisyon', 'Puesto', 'Posizione', 'Position', 'Functie'),
          prefill: { param: 'position' },
          options: [
            {
              value: 'engineer',
              label: t(
                'Software engineer',
                'Yazılım mühendisi',
                'Ingeniero de software',
                'Ingegnere del software',
                'Softwareentwickler:in',
                'Software-engineer',
              ),
            },
            {
              value: 'designer',
              label: t('Designer', 'Tasarımcı', 'Diseñador', 'Designer', 'Designer:in', 'Ontwerper'),
            },
            {
              value: 'sales',
              label: t(
                'Sales manager',
                'Satış müdürü',
                'Responsable de ventas',
                'Responsabile vendite',
                'Vertriebsleitung',
                'Salesmanager',
              ),
            },
            {
              value: 'open',
              label: t(
                'Open application',
                'Açık başvuru',
                'Candidatura espontánea',
                'Candidatura spontanea',
                'Initiativbewerbung',
                'Open sollicitatie',
              ),
            },
          ],
        },
        {
          id: 'years',
          type: 'number',
          required: true,
          label: t(
            'Years of experience',
            'Deneyim yılı',
            'Años de experiencia',
            'Anni di esperienza',
            'Jahre Berufserfahrung',
            'Jaren ervaring',
          ),
          validation: {
            rules: [
              { type: 'min', value: 0 },
              { type: 'max', value: 60 },
            ],
          },
        },
        {
          id: 'start',
          type: 'date',
          label: t(
            'Earliest start date',
            'En erken başlangıç tarihi',
            'Fecha de incorporación más temprana',
            'Prima data di inizio possibile',
            'Frühestes Eintrittsdatum',
            'Vroegste startdatum',
          ),
        },
        {
          id: 'remote',
          type: 'radio',
          required: true,
          label: t(
            'Where would you like to work?',
            'Nerede çalışmak istersiniz?',
            '¿Dónde te gustaría trabajar?',
            'Dove vorresti lavorare?',
            'Wo möchtest du arbeiten?',
            'Waar wil je werken?',
          ),
          options: [
            {
              value: 'office',
              label: t('At the office', 'Ofiste', 'En la oficina', 'In ufficio', 'Im Büro', 'Op kantoor'),
            },
            { value: 'hybrid', label: t('Hybrid', 'Hibrit', 'Híbrido', 'Ibrido', 'Hybrid', 'Hybride') },
            {
              value: 'remote',
              label: t('Remote', 'Uzaktan', 'En remoto', 'Da remoto', 'Remote', 'Op afstand'),
            },
          ],
        },
      ],
    },
    {
      id: 'documents',
      title: t(
        'Your application',
        'Başvurunuz',
        'Tu candidatura',
        'La tua candidatura',
        'Deine Bewerbung',
        'Je sollicitatie',
      ),
      fields: [
        {
          id: 'cv',
          type: 'file',
          required: true,
          label: t('CV', 'Özgeçmiş', 'Currículum', 'Curriculum', 'Lebenslauf', 'Cv'),
          helpText: t(
            'PDF or Word, up to 10 MB.',
            'PDF veya Word, en fazla 10 MB.',
            'PDF o Word, hasta 10 MB.',
            'PDF o Word, fino a 10 MB.',
            'PDF oder Word, bis 10 MB.',
            'PDF of Word, tot 10 MB.',
          ),
          fileConfig: {
            maxSizeMB: 10,
            allowedTypes: [
              'application/pdf',
              'application/msword',
              'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            ],
          },
        },
        {
          id: 'portfolio',
          type: 'url',
          label: t(
            'Portfolio or LinkedIn',
            'Portfolyo veya LinkedIn',
            'Portafolio o LinkedIn',
            'Portfolio o LinkedIn',
            'Portfolio oder LinkedIn',
            'Portfolio of LinkedIn',
          ),
        },
        {
          id: 'motivation',
          type: 'textarea',
          required: true,
          label: t(
            'Why do you want to join us?',
            'Neden bize katılmak istiyorsunuz?',
            '¿Por qué quieres unirte a nosotros?',
            'Perché vuoi unirti a noi?',
            'Warum möchtest du bei uns arbeiten?',
            'Waarom wil je bij ons werken?',
          ),
          validation: { rules: [{ type: 'maxLength', value: 3000 }] },
        },
        {
          id: 'consent',
          type: 'consent',
          required: true,
          label: PRIVACY,
          consent: { text: CONSENT_CONTACT },
        },
      ],
    },
  ],
};

/** Employee engagement: anonymous agreement statements on a grid, an eNPS, what would help. */
export const employeeEngagement: TemplateSource = {
  id: 'employee-engagement',
  category: 'hr',
  name: t(
    'Employee engagement',
    'Çalışan bağlılığı',
    'Compromiso de los empleados',
    'Coinvolgimento dei dipendenti',
    'Mitarbeiterengagement',
    'Medewerkersbetrokkenheid',
  ),
  description: t(
    'An anonymous pulse: how people feel about their work, their manager and the company.',
    'Anonim bir nabız yoklaması: çalışanların işleri, yöneticileri ve şirket hakkındaki hisleri.',
    'Un pulso anónimo: cómo se siente la gente con su trabajo, su responsable y la empresa.',
    'Un sondaggio anonimo: come si sentono le persone rispetto al lavoro, al responsabile e all’azienda.',
    'Ein anonymer Stimmungscheck: wie es den Leuten mit Arbeit, Führung und Unternehmen geht.',
    'Een anonieme peiling: hoe mensen zich voelen over hun werk, hun leidinggevende en het bedrijf.',
  ),
  meta: {
    title: t(
      'How are we doing?',
      'Nasıl gidiyoruz?',
      '¿Cómo lo estamos haciendo?',
      'Come stiamo andando?',
      'Wie geht es uns?',
      'Hoe doen we het?',
    ),
    description: t(
      'This survey is anonymous. It takes about three minutes.',
      'Bu anket anonimdir. Yaklaşık üç dakika sürer.',
      'Esta encuesta es anónima. Lleva unos tres minutos.',
      'Questo sondaggio è anonimo. Richiede circa tre minuti.',
      'Diese Umfrage ist anonym. Sie dauert etwa drei Minuten.',
      'Deze enquête is anoniem. Het duurt ongeveer drie minuten.',
    ),
    submitLabel: SEND,
  },
  settings: { layout: 'paged', completion: { message: THANKS } },
  sections: [
    {
      id: 'work',
      title: t('Your work', 'İşiniz', 'Tu trabajo', 'Il tuo lavoro', 'Deine Arbeit', 'Je werk'),
      fields: [
        {
          id: 'team',
          type: 'select',
          required: true,
          label: t(
            'Your department',
            'Departmanınız',
            'Tu departamento',
            'Il tuo reparto',
            'Deine Abteilung',
            'Je afdeling',
          ),
          options: [
            {
              value: 'operations',
              label: t('Operations', 'Operasyon', 'Operaciones', 'Operazioni', 'Betrieb', 'Operations'),
            },
            {
              value: 'sales',
              label: t(
                'Sales and marketing',
                'Satış ve pazarlama',
                'Ventas y marketing',
                'Vendite e marketing',
                'Vertrieb und Marketing',
                'Sales en marketing',
              ),
            },
            {
              value: 'product',
              label: t(
                'Product and engineering',
                'Ürün ve mühendislik',
                'Producto e ingeniería',
                'Prodotto e ingegneria',
                'Produkt und Technik',
                'Product en techniek',
              ),
            },
            {
              value: 'support',
              label: t(
                'Support functions',
                'Destek birimleri',
                'Funciones de apoyo',
                'Funzioni di supporto',
                'Zentrale Dienste',
                'Ondersteunende diensten',
              ),
            },
          ],
        },
        {
          id: 'statements',
          type: 'matrix',
          required: true,
          label: t(
            'How much do you agree?',
            'Ne kadar katılıyorsunuz?',
            '¿Cuánto estás de acuerdo?',
            'Quanto sei d’accordo?',
            'Wie sehr stimmst du zu?',
            'In hoeverre ben je het eens?',
          ),
          matrix: {
            rows: [
              {
                id: 'meaning',
                label: t(
                  'My work is meaningful.',
                  'İşim anlamlı.',
                  'Mi trabajo tiene sentido.',
                  'Il mio lavoro ha senso.',
                  'Meine Arbeit ist sinnvoll.',
                  'Mijn werk is zinvol.',
                ),
              },
              {
                id: 'growth',
                label: t(
                  'I can learn and grow here.',
                  'Burada öğrenip gelişebiliyorum.',
                  'Aquí puedo aprender y crecer.',
                  'Qui posso imparare e crescere.',
                  'Ich kann hier lernen und wachsen.',
                  'Ik kan hier leren en groeien.',
                ),
              },
              {
                id: 'manager',
                label: t(
                  'My manager supports me.',
                  'Yöneticim beni destekliyor.',
                  'Mi responsable me apoya.',
                  'Il mio responsabile mi sostiene.',
                  'Meine Führungskraft unterstützt mich.',
                  'Mijn leidinggevende steunt me.',
                ),
              },
              {
                id: 'balance',
                label: t(
                  'My workload is manageable.',
                  'İş yüküm yönetilebilir.',
                  'Mi carga de trabajo es llevadera.',
                  'Il mio carico di lavoro è gestibile.',
                  'Mein Arbeitspensum ist machbar.',
                  'Mijn werkdruk is goed te doen.',
                ),
              },
            ],
            columns: [
              { value: '1', label: AGREE.low, score: 1 },
              {
                value: '2',
                label: t(
                  'Disagree',
                  'Katılmıyorum',
                  'En desacuerdo',
                  'In disaccordo',
                  'Stimme nicht zu',
                  'Oneens',
                ),
                score: 2,
              },
              {
                value: '3',
                label: t(
                  'Neutral',
                  'Kararsızım',
                  'Ni de acuerdo ni en desacuerdo',
                  'Né d’accordo né in disaccordo',
                  'Weder noch',
                  'Neutraal',
                ),
                score: 3,
              },
              {
                value: '4',
                label: t('Agree', 'Katılıyorum', 'De acuerdo', 'D’accordo', 'Stimme zu', 'Eens'),
                score: 4,
              },
              { value: '5', label: AGREE.high, score: 5 },
            ],
          },
        },
      ],
    },
    {
      id: 'company',
      title: t('The company', 'Şirket', 'La empresa', 'L’azienda', 'Das Unternehmen', 'Het bedrijf'),
      fields: [
        {
          id: 'enps',
          type: 'nps',
          required: true,
          label: t(
            'How likely are you to recommend us as a place to work?',
            'Bizi çalışılacak bir yer olarak tavsiye etme olasılığınız nedir?',
            '¿Qué probabilidad hay de que nos recomiendes como lugar de trabajo?',
            'Quanto è probabile che ci consigli come posto di lavoro?',
            'Wie wahrscheinlich ist es, dass du uns als Arbeitgeber empfiehlst?',
            'Hoe waarschijnlijk is het dat je ons aanbeveelt als werkgever?',
          ),
        },
        {
          id: 'one_thing',
          type: 'textarea',
          label: t(
            'What one thing would make your work better?',
            'İşinizi daha iyi yapacak tek şey ne olurdu?',
            '¿Qué cosa mejoraría tu trabajo?',
            'Quale cosa migliorerebbe il tuo lavoro?',
            'Was würde deine Arbeit am meisten verbessern?',
            'Welk ding zou je werk beter maken?',
          ),
          validation: { rules: [{ type: 'maxLength', value: 2000 }] },
        },
      ],
    },
  ],
  variables: [{ id: 'engagement', type: 'number', expression: { score: 'statements' } }],
};

/** An exit survey for leaving customers: why, what would bring them back, a follow-up. */
export const exitSurvey: TemplateSource = {
  id: 'exit-survey',
  category: 'feedback',
  name: t(
    'Exit survey',
    'Ayrılış anketi',
    'Encuesta de baja',
    'Sondaggio di uscita',
    'Kündigungsumfrage',
    'Opzeggingsenquête',
  ),
  description: t(
    'Learn why customers cancel and what could bring them back.',
    'Müşterilerin neden ayrıldığını ve onları neyin geri getirebileceğini öğrenin.',
    'Descubre por qué se dan de baja los clientes y qué les haría volver.',
    'Scopri perché i clienti disdicono e cosa li farebbe tornare.',
    'Erfahre, warum Kunden kündigen und was sie zurückbringen könnte.',
    'Ontdek waarom klanten opzeggen en wat hen terug kan brengen.',
  ),
  meta: {
    title: t(
      'Sorry to see you go',
      'Gitmenize üzüldük',
      'Sentimos que te vayas',
      'Ci dispiace vederti andare',
      'Schade, dass du gehst',
      'Jammer dat je vertrekt',
    ),
    description: t(
      'One minute of your time helps us do better.',
      'Bir dakikanız daha iyi olmamıza yardımcı olur.',
      'Un minuto de tu tiempo nos ayuda a mejorar.',
      'Un minuto del tuo tempo ci aiuta a migliorare.',
      'Eine Minute deiner Zeit hilft uns, besser zu werden.',
      'Eén minuut van je tijd helpt ons beter te worden.',
    ),
    submitLabel: SEND,
  },
  settings: { completion: { message: THANKS } },
  sections: [
    {
      id: 'why',
      title: t(
        'Why you are leaving',
        'Neden ayrılıyorsunuz',
        'Por qué te vas',
        'Perché te ne vai',
        'Warum du gehst',
        'Waarom je vertrekt',
      ),
      fields: [
        {
          id: 'reason',
          type: 'radio',
          required: true,
          label: t(
            'The main reason',
            'Ana neden',
            'El motivo principal',
            'Il motivo principale',
            'Der Hauptgrund',
            'De belangrijkste reden',
          ),
          options: [
            {
              value: 'price',
              label: t('Too expensive', 'Çok pahalı', 'Demasiado caro', 'Troppo caro', 'Zu teuer', 'Te duur'),
            },
            {
              value: 'features',
              label: t(
                'Missing features',
                'Eksik özellikler',
                'Faltan funciones',
                'Mancano funzionalità',
                'Fehlende Funktionen',
                'Ontbrekende functies',
              ),
            },
            {
              value: 'quality',
              label: t(
                'Quality problems',
                'Kalite sorunları',
                'Problemas de calidad',
                'Problemi di qualità',
                'Qualitätsprobleme',
                'Kwaliteitsproblemen',
              ),
            },
            {
              value: 'competitor',
              label: t(
                'I found an alternative',
                'Bir alternatif buldum',
                'Encontré una alternativa',
                'Ho trovato un’alternativa',
                'Ich habe eine Alternative gefunden',
                'Ik heb een alternatief gevonden',
              ),
            },
            {
              value: 'no_need',
              label: t(
                'I no longer need it',
                'Artık ihtiyacım yok',
                'Ya no lo necesito',
                'Non mi serve più',
                'Ich brauche es nicht mehr',
                'Ik heb het niet meer nodig',
              ),
            },
          ],
          other: {
            label: t(
              'Another reason',
              'Başka bir neden',
              'Otro motivo',
              'Un altro motivo',
              'Ein anderer Grund',
              'Een andere reden',
            ),
          },
        },
        {
          id: 'alternative',
          type: 'text',
          label: t(
            'Which one, if we may ask?',
            'Sormamızda sakınca yoksa, hangisi?',
            '¿Cuál, si se puede saber?',
            'Quale, se possiamo chiederlo?',
            'Welche, wenn wir fragen dürfen?',
            'Welke, als we mogen vragen?',
          ),
          conditionalLogic: {
            action: 'show',
            conditionGroups: [
              { conditions: [{ fieldId: 'reason', operator: 'equals', value: 'competitor' }] },
            ],
          },
        },
        {
          id: 'come_back',
          type: 'textarea',
          label: t(
            'What would bring you back?',
            'Sizi ne geri getirirdi?',
            '¿Qué te haría volver?',
            'Cosa ti farebbe tornare?',
            'Was würde dich zurückholen?',
            'Wat zou je terugbrengen?',
          ),
          validation: { rules: [{ type: 'maxLength', value: 2000 }] },
        },
        {
          id: 'follow_up',
          type: 'radio',
          label: t(
            'May we follow up with you?',
            'Sizinle tekrar iletişime geçebilir miyiz?',
            '¿Podemos contactarte más adelante?',
            'Possiamo ricontattarti?',
            'Dürfen wir uns bei dir melden?',
            'Mogen we contact met je opnemen?',
          ),
          options: [
            { value: 'yes', label: YES },
            { value: 'no', label: NO },
          ],
        },
        {
          id: 'email',
          type: 'email',
          required: true,
          label: EMAIL,
          placeholder: EMAIL_PLACEHOLDER,
          conditionalLogic: {
            action: 'show',
            conditionGroups: [{ conditions: [{ fieldId: 'follow_up', operator: 'equals', value: 'yes' }] }],
          },
        },
        {
          id: 'comments',
          type: 'textarea',
          label: ANYTHING_ELSE,
          validation: { rules: [{ type: 'maxLength', value: 2000 }] },
        },
      ],
    },
  ],
};
