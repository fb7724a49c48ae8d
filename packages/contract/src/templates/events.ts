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

const DIET = {
  label: t(
    'Dietary needs',
    'Beslenme tercihleri',
    'Necesidades alimentarias',
    'Esigenze alimentari',
    'Ernährungswünsche',
    'Dieetwensen',
  ),
  none: t('None', 'Yok', 'Ninguna', 'Nessuna', 'Keine', 'Geen'),
  vegetarian: t('Vegetarian', 'Vejetaryen', 'Vegetariana', 'Vegetariana', 'Vegetarisch', 'Vegetarisch'),
  vegan: t('Vegan', 'Vegan', 'Vegana', 'Vegana', 'Vegan', 'Veganistisch'),
  gluten: t('Gluten-free', 'Glutensiz', 'Sin gluten', 'Senza glutine', 'Glutenfrei', 'Glutenvrij'),
};

/** An RSVP: coming or not (a "no" ends at once), guests in a repeating section, their diets. */
export const eventRsvp: TemplateSource = {
  id: 'event-rsvp',
  category: 'events',
  name: t(
    'Event RSVP',
    'Etkinlik katılım yanıtı',
    'Confirmación de asistencia',
    'Conferma di partecipazione',
    'Zu- oder Absage',
    'Aanmelding evenement',
  ),
  description: t(
    'Who is coming, with how many guests and what they eat; a “no” ends in one click.',
    'Kimin geleceği, kaç misafirle ve ne yedikleri; “hayır” tek tıkla biter.',
    'Quién viene, con cuántos invitados y qué comen; un “no” termina con un clic.',
    'Chi viene, con quanti ospiti e cosa mangiano; un “no” finisce con un clic.',
    'Wer kommt, mit wie vielen Gästen und was sie essen; ein „Nein“ endet mit einem Klick.',
    'Wie er komt, met hoeveel gasten en wat ze eten; een “nee” is met één klik klaar.',
  ),
  meta: {
    title: t(
      'Will you join us?',
      'Bize katılacak mısınız?',
      '¿Nos acompañas?',
      'Ci sarai?',
      'Bist du dabei?',
      'Kom je ook?',
    ),
    description: t(
      'Please reply by the end of the month.',
      'Lütfen ay sonuna kadar yanıtlayın.',
      'Responde antes de fin de mes, por favor.',
      'Rispondi entro la fine del mese, per favore.',
      'Bitte antworte bis Ende des Monats.',
      'Laat het ons voor het einde van de maand weten.',
    ),
    submitLabel: SEND,
  },
  settings: {
    layout: 'paged',
    completion: {
      message: t(
        'Wonderful, {{name}}! See you there.',
        'Harika, {{name}}! Orada görüşürüz.',
        '¡Genial, {{name}}! Nos vemos allí.',
        'Fantastico, {{name}}! Ci vediamo lì.',
        'Wunderbar, {{name}}! Bis bald.',
        'Fijn, {{name}}! Tot dan.',
      ),
    },
    endings: [
      {
        id: 'regrets',
        title: t(
          'Sorry to miss you',
          'Sizi özleyeceğiz',
          'Te echaremos de menos',
          'Ci mancherai',
          'Schade, dass du nicht kommst',
          'Jammer dat je er niet bij bent',
        ),
        message: t(
          'Thanks for letting us know, {{name}}.',
          'Haber verdiğiniz için teşekkürler, {{name}}.',
          'Gracias por avisarnos, {{name}}.',
          'Grazie per avercelo detto, {{name}}.',
          'Danke für deine Nachricht, {{name}}.',
          'Bedankt dat je het laat weten, {{name}}.',
        ),
      },
    ],
  },
  sections: [
    {
      id: 'reply',
      title: t('Your reply', 'Yanıtınız', 'Tu respuesta', 'La tua risposta', 'Deine Antwort', 'Je antwoord'),
      jumps: [
        {
          conditionGroups: [{ conditions: [{ fieldId: 'attending', operator: 'equals', value: 'no' }] }],
          to: { ending: 'regrets' },
        },
      ],
      fields: [
        { id: 'name', type: 'text', required: true, label: FULL_NAME },
        { id: 'email', type: 'email', required: true, label: EMAIL, placeholder: EMAIL_PLACEHOLDER },
        {
          id: 'attending',
          type: 'radio',
          required: true,
          label: t('Will you come?', 'Gelecek misiniz?', '¿Vendrás?', 'Verrai?', 'Kommst du?', 'Kom je?'),
          options: [
            {
              value: 'yes',
              label: t(
                'Yes, I will be there',
                'Evet, orada olacağım',
                'Sí, allí estaré',
                'Sì, ci sarò',
                'Ja, ich bin dabei',
                'Ja, ik ben erbij',
              ),
            },
            {
              value: 'no',
              label: t(
                'Sorry, I cannot come',
                'Üzgünüm, gelemiyorum',
                'Lo siento, no puedo ir',
                'Mi dispiace, non posso venire',
                'Leider kann ich nicht',
                'Helaas kan ik niet komen',
              ),
            },
          ],
        },
      ],
    },
    {
      id: 'me',
      title: t('Your visit', 'Ziyaretiniz', 'Tu visita', 'La tua presenza', 'Dein Besuch', 'Je bezoek'),
      fields: [
        {
          id: 'diet',
          type: 'checkbox',
          label: DIET.label,
          options: [
            { value: 'none', label: DIET.none },
            { value: 'vegetarian', label: DIET.vegetarian },
            { value: 'vegan', label: DIET.vegan },
            { value: 'gluten_free', label: DIET.gluten },
          ],
          exclusiveValue: 'none',
        },
      ],
    },
    {
      id: 'guests',
      title: t('Guests', 'Misafirler', 'Invitados', 'Ospiti', 'Gäste', 'Gasten'),
      description: t(
        'Add anyone coming with you.',
        'Sizinle gelen herkesi ekleyin.',
        'Añade a quien venga contigo.',
        'Aggiungi chi viene con te.',
        'Füge alle hinzu, die mit dir kommen.',
        'Voeg iedereen toe die met je meekomt.',
      ),
      repeat: {
        max: 4,
        addLabel: t(
          'Add a guest',
          'Misafir ekle',
          'Añadir invitado',
          'Aggiungi un ospite',
          'Gast hinzufügen',
          'Gast toevoegen',
        ),
      },
      fields: [
        {
          id: 'guest_name',
          type: 'text',
          required: true,
          label: t(
            'Guest’s name',
            'Misafirin adı',
            'Nombre del invitado',
            'Nome dell’ospite',
            'Name des Gastes',
            'Naam van de gast',
          ),
        },
        {
          id: 'guest_diet',
          type: 'select',
          label: DIET.label,
          options: [
            { value: 'none', label: DIET.none },
            { value: 'vegetarian', label: DIET.vegetarian },
            { value: 'vegan', label: DIET.vegan },
            { value: 'gluten_free', label: DIET.gluten },
          ],
        },
      ],
    },
  ],
};

/** Event registration: the attendee, the ticket, the sessions, an invoice address for companies. */
export const eventRegistration: TemplateSource = {
  id: 'event-registration',
  category: 'events',
  name: t(
    'Event registration',
    'Etkinlik kaydı',
    'Inscripción a un evento',
    'Iscrizione all’evento',
    'Veranstaltungsanmeldung',
    'Inschrijving evenement',
  ),
  description: t(
    'Register attendees with their ticket, sessions and, for companies, an invoice address.',
    'Katılımcıları bilet, oturum ve şirketler için fatura adresiyle kaydedin.',
    'Inscribe a los asistentes con su entrada, sesiones y, para empresas, dirección de facturación.',
    'Iscrivi i partecipanti con biglietto, sessioni e, per le aziende, indirizzo di fatturazione.',
    'Melde Teilnehmende mit Ticket, Sessions und, für Firmen, Rechnungsadresse an.',
    'Schrijf deelnemers in met hun ticket, sessies en, voor bedrijven, een factuuradres.',
  ),
  meta: {
    title: t(
      'Register for the conference',
      'Konferansa kaydolun',
      'Inscríbete en la conferencia',
      'Iscriviti alla conferenza',
      'Zur Konferenz anmelden',
      'Schrijf je in voor de conferentie',
    ),
    submitLabel: t('Register', 'Kaydol', 'Inscribirme', 'Iscriviti', 'Anmelden', 'Inschrijven'),
  },
  settings: {
    layout: 'paged',
    completion: {
      message: t(
        'You are registered, {{name}}. Your ticket is on its way to your inbox.',
        'Kaydınız tamam, {{name}}. Biletiniz e-posta kutunuza geliyor.',
        'Ya estás inscrito, {{name}}. Tu entrada llegará a tu correo.',
        'Sei iscritto, {{name}}. Il biglietto sta arrivando nella tua casella.',
        'Du bist angemeldet, {{name}}. Dein Ticket ist unterwegs in dein Postfach.',
        'Je bent ingeschreven, {{name}}. Je ticket komt naar je inbox.',
      ),
    },
  },
  sections: [
    {
      id: 'attendee',
      title: t('Attendee', 'Katılımcı', 'Asistente', 'Partecipante', 'Teilnehmer', 'Deelnemer'),
      fields: [
        { id: 'name', type: 'text', required: true, label: FULL_NAME },
        { id: 'email', type: 'email', required: true, label: EMAIL, placeholder: EMAIL_PLACEHOLDER },
        { id: 'phone', type: 'phone', label: PHONE, helpText: PHONE_HELP },
        {
          id: 'ticket',
          type: 'radio',
          required: true,
          label: t('Ticket', 'Bilet', 'Entrada', 'Biglietto', 'Ticket', 'Ticket'),
          options: [
            {
              value: 'standard',
              label: t('Standard', 'Standart', 'Estándar', 'Standard', 'Standard', 'Standaard'),
            },
            {
              value: 'student',
              label: t('Student', 'Öğrenci', 'Estudiante', 'Studente', 'Studierende', 'Student'),
            },
            {
              value: 'company',
              label: t(
                'Company (invoice)',
                'Şirket (fatura)',
                'Empresa (factura)',
                'Azienda (fattura)',
                'Firma (Rechnung)',
                'Bedrijf (factuur)',
              ),
            },
          ],
        },
      ],
    },
    {
      id: 'program',
      title: t('Programme', 'Program', 'Programa', 'Programma', 'Programm', 'Programma'),
      fields: [
        {
          id: 'days',
          type: 'checkbox',
          required: true,
          label: t(
            'Which days will you attend?',
            'Hangi günler katılacaksınız?',
            '¿Qué días asistirás?',
            'Quali giorni parteciperai?',
            'An welchen Tagen kommst du?',
            'Welke dagen kom je?',
          ),
          options: [
            { value: 'day1', label: t('Day 1', '1. gün', 'Día 1', 'Giorno 1', 'Tag 1', 'Dag 1') },
            { value: 'day2', label: t('Day 2', '2. gün', 'Día 2', 'Giorno 2', 'Tag 2', 'Dag 2') },
          ],
        },
        {
          id: 'workshop',
          type: 'select',
          label: t(
            'Afternoon workshop',
            'Öğleden sonra atölyesi',
            'Taller de la tarde',
            'Workshop del pomeriggio',
            'Workshop am Nachmittag',
            'Middagworkshop',
          ),
          options: [
            { value: 'design', label: t('Design', 'Tasarım', 'Diseño', 'Design', 'Design', 'Ontwerp') },
            { value: 'data', label: t('Data', 'Veri', 'Datos', 'Dati', 'Daten', 'Data') },
            {
              value: 'leadership',
              label: t('Leadership', 'Liderlik', 'Liderazgo', 'Leadership', 'Führung', 'Leiderschap'),
            },
          ],
        },
        {
          id: 'access',
          type: 'textarea',
          label: t(
            'Accessibility needs',
            'Erişilebilirlik ihtiyaçları',
            'Necesidades de accesibilidad',
            'Esigenze di accessibilità',
            'Barrierefreiheit',
            'Toegankelijkheidswensen',
          ),
          helpText: t(
            'Tell us anything that would make your visit easier.',
            'Ziyaretinizi kolaylaştıracak her şeyi bize söyleyin.',
            'Cuéntanos lo que haría tu visita más fácil.',
            'Dicci tutto ciò che renderebbe la tua visita più semplice.',
            'Sag uns, was dir deinen Besuch erleichtern würde.',
            'Laat ons weten wat je bezoek makkelijker maakt.',
          ),
          validation: { rules: [{ type: 'maxLength', value: 1000 }] },
        },
      ],
    },
    {
      id: 'invoice',
      title: t('Invoice', 'Fatura', 'Factura', 'Fattura', 'Rechnung', 'Factuur'),
      conditionalLogic: {
        action: 'show',
        conditionGroups: [{ conditions: [{ fieldId: 'ticket', operator: 'equals', value: 'company' }] }],
      },
      fields: [
        {
          id: 'company',
          type: 'text',
          required: true,
          label: t(
            'Company name',
            'Şirket adı',
            'Nombre de la empresa',
            'Ragione sociale',
            'Firmenname',
            'Bedrijfsnaam',
          ),
        },
        {
          id: 'vat',
          type: 'text',
          label: t('VAT number', 'Vergi numarası', 'NIF/IVA', 'Partita IVA', 'USt-IdNr.', 'Btw-nummer'),
        },
        {
          id: 'billing',
          type: 'address',
          required: true,
          label: t(
            'Billing address',
            'Fatura adresi',
            'Dirección de facturación',
            'Indirizzo di fatturazione',
            'Rechnungsadresse',
            'Factuuradres',
          ),
        },
      ],
    },
  ],
};

/** Volunteer sign-up: availability on a grid, skills, an emergency contact and a signed agreement. */
export const volunteerSignup: TemplateSource = {
  id: 'volunteer-signup',
  category: 'events',
  name: t(
    'Volunteer sign-up',
    'Gönüllü kaydı',
    'Inscripción de voluntarios',
    'Iscrizione volontari',
    'Anmeldung für Freiwillige',
    'Aanmelding vrijwilligers',
  ),
  description: t(
    'Sign up volunteers with their availability, skills, an emergency contact and a signature.',
    'Gönüllüleri uygunlukları, becerileri, acil durum kişisi ve imzayla kaydedin.',
    'Inscribe voluntarios con su disponibilidad, habilidades, un contacto de emergencia y su firma.',
    'Iscrivi i volontari con disponibilità, competenze, un contatto di emergenza e la firma.',
    'Melde Freiwillige mit Verfügbarkeit, Fähigkeiten, Notfallkontakt und Unterschrift an.',
    'Schrijf vrijwilligers in met hun beschikbaarheid, vaardigheden, een noodcontact en een handtekening.',
  ),
  meta: {
    title: t(
      'Volunteer with us',
      'Bizimle gönüllü olun',
      'Hazte voluntario',
      'Diventa volontario',
      'Hilf mit als Freiwillige:r',
      'Word vrijwilliger',
    ),
    submitLabel: t('Sign up', 'Kaydol', 'Apuntarme', 'Iscriviti', 'Anmelden', 'Aanmelden'),
  },
  settings: { layout: 'paged', completion: { message: THANKS } },
  sections: [
    {
      id: 'you',
      title: t('About you', 'Hakkınızda', 'Sobre ti', 'Su di te', 'Über dich', 'Over jou'),
      fields: [
        { id: 'name', type: 'text', required: true, label: FULL_NAME },
        { id: 'email', type: 'email', required: true, label: EMAIL, placeholder: EMAIL_PLACEHOLDER },
        { id: 'phone', type: 'phone', required: true, label: PHONE, helpText: PHONE_HELP },
        {
          id: 'skills',
          type: 'checkbox',
          label: t(
            'What would you like to help with?',
            'Neye yardım etmek istersiniz?',
            '¿En qué te gustaría ayudar?',
            'In cosa vorresti aiutare?',
            'Wobei möchtest du helfen?',
            'Waarmee wil je helpen?',
          ),
          options: [
            {
              value: 'welcome',
              label: t(
                'Welcoming guests',
                'Misafirleri karşılamak',
                'Recibir a los invitados',
                'Accogliere gli ospiti',
                'Gäste empfangen',
                'Gasten ontvangen',
              ),
            },
            { value: 'kitchen', label: t('Kitchen', 'Mutfak', 'Cocina', 'Cucina', 'Küche', 'Keuken') },
            {
              value: 'setup',
              label: t('Setting up', 'Kurulum', 'Montaje', 'Allestimento', 'Aufbau', 'Opbouwen'),
            },
            {
              value: 'first_aid',
              label: t(
                'First aid',
                'İlk yardım',
                'Primeros auxilios',
                'Primo soccorso',
                'Erste Hilfe',
                'EHBO',
              ),
            },
          ],
          other: {
            label: t('Something else', 'Başka bir şey', 'Otra cosa', 'Altro', 'Etwas anderes', 'Iets anders'),
          },
        },
        {
          id: 'availability',
          type: 'matrix',
          required: true,
          label: t(
            'When are you free?',
            'Ne zaman müsaitsiniz?',
            '¿Cuándo estás disponible?',
            'Quando sei disponibile?',
            'Wann hast du Zeit?',
            'Wanneer ben je beschikbaar?',
          ),
          matrix: {
            multiple: true,
            rows: [
              { id: 'sat', label: t('Saturday', 'Cumartesi', 'Sábado', 'Sabato', 'Samstag', 'Zaterdag') },
              { id: 'sun', label: t('Sunday', 'Pazar', 'Domingo', 'Domenica', 'Sonntag', 'Zondag') },
            ],
            columns: [
              { value: 'morning', label: t('Morning', 'Sabah', 'Mañana', 'Mattina', 'Vormittag', 'Ochtend') },
              {
                value: 'afternoon',
                label: t('Afternoon', 'Öğleden sonra', 'Tarde', 'Pomeriggio', 'Nachmittag', 'Middag'),
              },
              { value: 'evening', label: t('Evening', 'Akşam', 'Noche', 'Sera', 'Abend', 'Avond') },
            ],
          },
        },
      ],
    },
    {
      id: 'safety',
      title: t('Safety', 'Güvenlik', 'Seguridad', 'Sicurezza', 'Sicherheit', 'Veiligheid'),
      fields: [
        {
          id: 'emergency_name',
          type: 'text',
          required: true,
          label: t(
            'Emergency contact',
            'Acil durumda aranacak kişi',
            'Contacto de emergencia',
            'Contatto di emergenza',
            'Notfallkontakt',
            'Noodcontact',
          ),
        },
        {
          id: 'emergency_phone',
          type: 'phone',
          required: true,
          label: t(
            'Emergency contact’s phone',
            'Acil durum kişisinin telefonu',
            'Teléfono del contacto de emergencia',
            'Telefono del contatto di emergenza',
            'Telefon des Notfallkontakts',
            'Telefoon van het noodcontact',
          ),
          helpText: PHONE_HELP,
        },
        {
          id: 'rules',
          type: 'statement',
          label: t(
            'Volunteer agreement',
            'Gönüllü sözleşmesi',
            'Acuerdo de voluntariado',
            'Accordo di volontariato',
            'Vereinbarung für Freiwillige',
            'Vrijwilligersovereenkomst',
          ),
          statement: {
            text: t(
              'Volunteers follow the team lead’s instructions, wear their badge and report any accident at once.',
              'Gönüllüler ekip liderinin talimatlarına uyar, kartlarını takar ve her kazayı hemen bildirir.',
              'Los voluntarios siguen las indicaciones del responsable, llevan su acreditación e informan de inmediato de cualquier accidente.',
              'I volontari seguono le indicazioni del responsabile, indossano il badge e segnalano subito ogni incidente.',
              'Freiwillige folgen den Anweisungen der Teamleitung, tragen ihr Namensschild und melden jeden Unfall sofort.',
              'Vrijwilligers volgen de aanwijzingen van de teamleider, dragen hun badge en melden elk ongeval meteen.',
            ),
          },
        },
        {
          id: 'signature',
          type: 'signature',
          required: true,
          label: t(
            'Sign to agree',
            'Kabul etmek için imzalayın',
            'Firma para aceptar',
            'Firma per accettare',
            'Zur Zustimmung unterschreiben',
            'Onderteken om akkoord te gaan',
          ),
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

/** Workshop feedback: ratings of the parts, the pace, what to keep, and whether they would come again. */
export const workshopFeedback: TemplateSource = {
  id: 'workshop-feedback',
  category: 'events',
  name: t(
    'Workshop feedback',
    'Atölye geri bildirimi',
    'Opinión sobre el taller',
    'Feedback sul workshop',
    'Workshop-Feedback',
    'Workshopfeedback',
  ),
  description: t(
    'Hear what participants thought of the content, the trainer and the pace.',
    'Katılımcıların içerik, eğitmen ve tempo hakkında ne düşündüğünü öğrenin.',
    'Descubre qué opinan los participantes del contenido, el formador y el ritmo.',
    'Scopri cosa pensano i partecipanti di contenuti, formatore e ritmo.',
    'Erfahre, was Teilnehmende über Inhalt, Leitung und Tempo denken.',
    'Hoor wat deelnemers vonden van de inhoud, de trainer en het tempo.',
  ),
  meta: {
    title: t(
      'How was the workshop?',
      'Atölye nasıldı?',
      '¿Qué te pareció el taller?',
      'Com’è stato il workshop?',
      'Wie war der Workshop?',
      'Hoe was de workshop?',
    ),
    submitLabel: SEND,
  },
  settings: { completion: { message: THANKS } },
  sections: [
    {
      id: 'ratings',
      title: t('Ratings', 'Puanlar', 'Valoraciones', 'Valutazioni', 'Bewertungen', 'Beoordelingen'),
      fields: [
        {
          id: 'overall',
          type: 'rating',
          required: true,
          rating: { max: 5 },
          label: t('Overall', 'Genel', 'En general', 'Nel complesso', 'Insgesamt', 'Algemeen'),
        },
        {
          id: 'content',
          type: 'rating',
          rating: { max: 5 },
          label: t('Content', 'İçerik', 'Contenido', 'Contenuti', 'Inhalt', 'Inhoud'),
        },
        {
          id: 'trainer',
          type: 'rating',
          rating: { max: 5 },
          label: t('Trainer', 'Eğitmen', 'Formador', 'Formatore', 'Leitung', 'Trainer'),
        },
        {
          id: 'pace',
          type: 'scale',
          label: t(
            'The pace was…',
            'Tempo…',
            'El ritmo fue…',
            'Il ritmo era…',
            'Das Tempo war …',
            'Het tempo was…',
          ),
          scale: {
            min: 1,
            max: 5,
            lowLabel: t(
              'Too slow',
              'Çok yavaş',
              'Demasiado lento',
              'Troppo lento',
              'Zu langsam',
              'Te langzaam',
            ),
            midLabel: t('Just right', 'Tam kararında', 'Adecuado', 'Giusto', 'Genau richtig', 'Precies goed'),
            highLabel: t(
              'Too fast',
              'Çok hızlı',
              'Demasiado rápido',
              'Troppo veloce',
              'Zu schnell',
              'Te snel',
            ),
          },
        },
      ],
    },
    {
      id: 'thoughts',
      title: t(
        'Your thoughts',
        'Düşünceleriniz',
        'Tus comentarios',
        'I tuoi pensieri',
        'Deine Gedanken',
        'Jouw gedachten',
      ),
      fields: [
        {
          id: 'best',
          type: 'textarea',
          label: t(
            'What was most useful?',
            'En faydalı olan neydi?',
            '¿Qué fue lo más útil?',
            'Cosa è stato più utile?',
            'Was war am nützlichsten?',
            'Wat was het nuttigst?',
          ),
          validation: { rules: [{ type: 'maxLength', value: 2000 }] },
        },
        {
          id: 'again',
          type: 'radio',
          label: t(
            'Would you join another workshop?',
            'Başka bir atölyeye katılır mısınız?',
            '¿Asistirías a otro taller?',
            'Parteciperesti a un altro workshop?',
            'Würdest du wieder teilnehmen?',
            'Zou je nog een workshop volgen?',
          ),
          options: [
            { value: 'yes', label: YES },
            { value: 'no', label: NO },
          ],
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
