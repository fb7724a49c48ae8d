import { ANYTHING_ELSE, EMAIL, EMAIL_PLACEHOLDER, OTHER, SEND, THANKS } from './common-texts.js';
import { type TemplateSource, t } from './template-source.js';

/** Net Promoter Score: the 0-10 question, a follow-up that depends on the score, a thank-you by score. */
export const npsSurvey: TemplateSource = {
  id: 'nps-survey',
  category: 'feedback',
  name: t('NPS survey', 'NPS anketi', 'Encuesta NPS', 'Sondaggio NPS', 'NPS-Umfrage', 'NPS-enquête'),
  description: t(
    'Measure loyalty with the 0–10 recommendation question and ask why.',
    'Sadakati 0–10 tavsiye sorusuyla ölçün ve nedenini sorun.',
    'Mide la lealtad con la pregunta de recomendación de 0 a 10 y pregunta por qué.',
    'Misura la fedeltà con la domanda di raccomandazione da 0 a 10 e chiedi il perché.',
    'Miss die Loyalität mit der Empfehlungsfrage von 0 bis 10 und frag nach dem Grund.',
    'Meet loyaliteit met de aanbevelingsvraag van 0 tot 10 en vraag waarom.',
  ),
  meta: {
    title: t(
      'How likely are you to recommend us?',
      'Bizi tavsiye etme olasılığınız nedir?',
      '¿Nos recomendarías?',
      'Ci consiglieresti?',
      'Würdest du uns weiterempfehlen?',
      'Zou je ons aanbevelen?',
    ),
    description: t(
      'Two quick questions. Thank you for your time.',
      'İki kısa soru. Zaman ayırdığınız için teşekkürler.',
      'Dos preguntas rápidas. Gracias por tu tiempo.',
      'Due domande veloci. Grazie per il tuo tempo.',
      'Zwei kurze Fragen. Danke für deine Zeit.',
      'Twee korte vragen. Bedankt voor je tijd.',
    ),
    submitLabel: SEND,
  },
  settings: {
    completion: { message: THANKS },
    endings: [
      {
        id: 'promoter',
        title: t('Thank you!', 'Teşekkürler!', '¡Gracias!', 'Grazie!', 'Danke!', 'Bedankt!'),
        message: t(
          'We are glad you like us. Tell a friend!',
          'Bizi beğenmenize sevindik. Bir arkadaşınıza anlatın!',
          'Nos alegra que te guste. ¡Cuéntaselo a un amigo!',
          'Siamo felici che ti piaccia. Dillo a un amico!',
          'Schön, dass wir dir gefallen. Erzähl es weiter!',
          'Fijn dat je tevreden bent. Vertel het door!',
        ),
        conditionGroups: [{ conditions: [{ fieldId: 'score', operator: 'greaterThanOrEqual', value: 9 }] }],
      },
    ],
  },
  sections: [
    {
      id: 'survey',
      title: t('Your opinion', 'Görüşünüz', 'Tu opinión', 'La tua opinione', 'Deine Meinung', 'Jouw mening'),
      fields: [
        {
          id: 'score',
          type: 'nps',
          required: true,
          label: t(
            'How likely are you to recommend us to a friend or colleague?',
            'Bizi bir arkadaşınıza veya iş arkadaşınıza tavsiye etme olasılığınız nedir?',
            '¿Qué probabilidad hay de que nos recomiendes a un amigo o colega?',
            'Quanto è probabile che ci consigli a un amico o a un collega?',
            'Wie wahrscheinlich ist es, dass du uns Freunden oder Kollegen empfiehlst?',
            'Hoe waarschijnlijk is het dat je ons aanbeveelt aan een vriend of collega?',
          ),
          nps: {
            lowLabel: t(
              'Not at all likely',
              'Hiç olası değil',
              'Nada probable',
              'Per niente probabile',
              'Sehr unwahrscheinlich',
              'Zeer onwaarschijnlijk',
            ),
            highLabel: t(
              'Extremely likely',
              'Çok olası',
              'Muy probable',
              'Molto probabile',
              'Sehr wahrscheinlich',
              'Zeer waarschijnlijk',
            ),
          },
        },
        {
          id: 'improve',
          type: 'textarea',
          label: t(
            'What could we do better?',
            'Neyi daha iyi yapabiliriz?',
            '¿Qué podríamos mejorar?',
            'Cosa potremmo fare meglio?',
            'Was könnten wir besser machen?',
            'Wat kunnen we beter doen?',
          ),
          conditionalLogic: {
            action: 'show',
            conditionGroups: [{ conditions: [{ fieldId: 'score', operator: 'lessThanOrEqual', value: 8 }] }],
          },
          validation: { rules: [{ type: 'maxLength', value: 2000 }] },
        },
        {
          id: 'love',
          type: 'textarea',
          label: t(
            'What do you like most about us?',
            'En çok neyimizi beğeniyorsunuz?',
            '¿Qué es lo que más te gusta de nosotros?',
            'Cosa ti piace di più di noi?',
            'Was gefällt dir an uns am besten?',
            'Wat vind je het beste aan ons?',
          ),
          conditionalLogic: {
            action: 'show',
            conditionGroups: [
              { conditions: [{ fieldId: 'score', operator: 'greaterThanOrEqual', value: 9 }] },
            ],
          },
          validation: { rules: [{ type: 'maxLength', value: 2000 }] },
        },
      ],
    },
  ],
};

const SATISFACTION = {
  v1: t(
    'Very dissatisfied',
    'Hiç memnun değilim',
    'Muy insatisfecho',
    'Molto insoddisfatto',
    'Sehr unzufrieden',
    'Zeer ontevreden',
  ),
  v5: t(
    'Very satisfied',
    'Çok memnunum',
    'Muy satisfecho',
    'Molto soddisfatto',
    'Sehr zufrieden',
    'Zeer tevreden',
  ),
};

/** Customer satisfaction: a 1-5 rating, the parts of the service on a grid, a reason when unhappy. */
export const csatSurvey: TemplateSource = {
  id: 'csat-survey',
  category: 'feedback',
  name: t(
    'Customer satisfaction (CSAT)',
    'Müşteri memnuniyeti (CSAT)',
    'Satisfacción del cliente (CSAT)',
    'Soddisfazione del cliente (CSAT)',
    'Kundenzufriedenheit (CSAT)',
    'Klanttevredenheid (CSAT)',
  ),
  description: t(
    'A satisfaction score after a purchase or a support case, with the details behind it.',
    'Bir satın alma veya destek talebinden sonra memnuniyet puanı ve ayrıntıları.',
    'Una puntuación de satisfacción tras una compra o una consulta, con sus detalles.',
    'Un punteggio di soddisfazione dopo un acquisto o una richiesta di assistenza, con i dettagli.',
    'Ein Zufriedenheitswert nach einem Kauf oder einer Supportanfrage, mit den Einzelheiten.',
    'Een tevredenheidsscore na een aankoop of een supportvraag, met de details erachter.',
  ),
  meta: {
    title: t(
      'How satisfied are you?',
      'Ne kadar memnunsunuz?',
      '¿Qué tan satisfecho estás?',
      'Quanto sei soddisfatto?',
      'Wie zufrieden bist du?',
      'Hoe tevreden ben je?',
    ),
    submitLabel: SEND,
  },
  settings: { completion: { message: THANKS } },
  sections: [
    {
      id: 'rating',
      title: t(
        'Your experience',
        'Deneyiminiz',
        'Tu experiencia',
        'La tua esperienza',
        'Deine Erfahrung',
        'Jouw ervaring',
      ),
      fields: [
        {
          id: 'satisfaction',
          type: 'scale',
          required: true,
          label: t(
            'Overall, how satisfied are you with our service?',
            'Genel olarak hizmetimizden ne kadar memnunsunuz?',
            'En general, ¿qué tan satisfecho estás con nuestro servicio?',
            'Nel complesso, quanto sei soddisfatto del nostro servizio?',
            'Wie zufrieden bist du insgesamt mit unserem Service?',
            'Hoe tevreden ben je in het algemeen over onze service?',
          ),
          scale: { min: 1, max: 5, lowLabel: SATISFACTION.v1, highLabel: SATISFACTION.v5 },
        },
        {
          id: 'aspects',
          type: 'matrix',
          label: t(
            'How would you rate each of these?',
            'Bunların her birini nasıl değerlendirirsiniz?',
            '¿Cómo valorarías cada uno de estos aspectos?',
            'Come valuteresti ciascuno di questi aspetti?',
            'Wie bewertest du diese Punkte?',
            'Hoe beoordeel je elk van deze punten?',
          ),
          matrix: {
            rows: [
              { id: 'speed', label: t('Speed', 'Hız', 'Rapidez', 'Rapidità', 'Schnelligkeit', 'Snelheid') },
              {
                id: 'friendliness',
                label: t(
                  'Friendliness',
                  'Güler yüz',
                  'Amabilidad',
                  'Cortesia',
                  'Freundlichkeit',
                  'Vriendelijkheid',
                ),
              },
              { id: 'quality', label: t('Quality', 'Kalite', 'Calidad', 'Qualità', 'Qualität', 'Kwaliteit') },
              {
                id: 'price',
                label: t(
                  'Value for money',
                  'Fiyat/performans',
                  'Relación calidad-precio',
                  'Rapporto qualità-prezzo',
                  'Preis-Leistung',
                  'Prijs-kwaliteit',
                ),
              },
            ],
            columns: [
              { value: 'poor', label: t('Poor', 'Kötü', 'Malo', 'Scarso', 'Schlecht', 'Slecht') },
              { value: 'fair', label: t('Fair', 'Orta', 'Regular', 'Discreto', 'Mittel', 'Redelijk') },
              { value: 'good', label: t('Good', 'İyi', 'Bueno', 'Buono', 'Gut', 'Goed') },
              {
                value: 'excellent',
                label: t('Excellent', 'Mükemmel', 'Excelente', 'Ottimo', 'Sehr gut', 'Uitstekend'),
              },
            ],
          },
        },
        {
          id: 'reason',
          type: 'textarea',
          required: true,
          label: t(
            'What went wrong?',
            'Ne ters gitti?',
            '¿Qué salió mal?',
            'Cosa è andato storto?',
            'Was ist schiefgelaufen?',
            'Wat ging er mis?',
          ),
          helpText: t(
            'Tell us so we can put it right.',
            'Düzeltebilmemiz için bize anlatın.',
            'Cuéntanoslo para que podamos solucionarlo.',
            'Raccontacelo così possiamo rimediare.',
            'Erzähl es uns, damit wir es besser machen können.',
            'Vertel het ons, zodat we het kunnen oplossen.',
          ),
          conditionalLogic: {
            action: 'show',
            conditionGroups: [
              { conditions: [{ fieldId: 'satisfaction', operator: 'lessThanOrEqual', value: 2 }] },
            ],
          },
          validation: { rules: [{ type: 'maxLength', value: 2000 }] },
        },
      ],
    },
  ],
};

/** Customer effort: how easy it was, on a 1-7 agreement scale, and where it was hard. */
export const cesSurvey: TemplateSource = {
  id: 'ces-survey',
  category: 'feedback',
  name: t(
    'Customer effort score (CES)',
    'Müşteri efor skoru (CES)',
    'Índice de esfuerzo del cliente (CES)',
    'Indice di sforzo del cliente (CES)',
    'Kundenaufwand (CES)',
    'Klantinspanningsscore (CES)',
  ),
  description: t(
    'Find out how easy it was to get things done with you.',
    'Sizinle işlerini halletmenin ne kadar kolay olduğunu öğrenin.',
    'Descubre lo fácil que fue resolver las cosas contigo.',
    'Scopri quanto è stato facile ottenere ciò che serviva.',
    'Finde heraus, wie leicht es war, ein Anliegen bei dir zu erledigen.',
    'Ontdek hoe makkelijk het was om iets bij je geregeld te krijgen.',
  ),
  meta: {
    title: t(
      'How easy was it?',
      'Ne kadar kolaydı?',
      '¿Qué tan fácil fue?',
      'Quanto è stato facile?',
      'Wie einfach war es?',
      'Hoe makkelijk was het?',
    ),
    submitLabel: SEND,
  },
  settings: { completion: { message: THANKS } },
  sections: [
    {
      id: 'effort',
      title: t(
        'Your request',
        'Talebiniz',
        'Tu solicitud',
        'La tua richiesta',
        'Dein Anliegen',
        'Je verzoek',
      ),
      fields: [
        {
          id: 'easy',
          type: 'scale',
          required: true,
          label: t(
            'The company made it easy for me to handle my issue.',
            'Şirket, sorunumu çözmemi kolaylaştırdı.',
            'La empresa me facilitó resolver mi problema.',
            "L'azienda mi ha reso facile risolvere il mio problema.",
            'Das Unternehmen hat es mir leicht gemacht, mein Anliegen zu erledigen.',
            'Het bedrijf maakte het me makkelijk om mijn probleem op te lossen.',
          ),
          scale: {
            min: 1,
            max: 7,
            lowLabel: t(
              'Strongly disagree',
              'Kesinlikle katılmıyorum',
              'Totalmente en desacuerdo',
              'Per niente d’accordo',
              'Stimme gar nicht zu',
              'Helemaal mee oneens',
            ),
            midLabel: t('Neutral', 'Kararsızım', 'Neutral', 'Neutrale', 'Neutral', 'Neutraal'),
            highLabel: t(
              'Strongly agree',
              'Kesinlikle katılıyorum',
              'Totalmente de acuerdo',
              'Del tutto d’accordo',
              'Stimme voll zu',
              'Helemaal mee eens',
            ),
          },
        },
        {
          id: 'channel',
          type: 'radio',
          required: true,
          label: t(
            'How did you contact us?',
            'Bizimle nasıl iletişime geçtiniz?',
            '¿Cómo te pusiste en contacto con nosotros?',
            'Come ci hai contattato?',
            'Wie hast du uns kontaktiert?',
            'Hoe heb je contact met ons opgenomen?',
          ),
          options: [
            { value: 'email', label: EMAIL },
            { value: 'phone', label: t('Phone', 'Telefon', 'Teléfono', 'Telefono', 'Telefon', 'Telefoon') },
            {
              value: 'chat',
              label: t('Live chat', 'Canlı sohbet', 'Chat en vivo', 'Chat dal vivo', 'Live-Chat', 'Livechat'),
            },
            {
              value: 'self',
              label: t(
                'Help centre',
                'Yardım merkezi',
                'Centro de ayuda',
                'Centro assistenza',
                'Hilfe-Center',
                'Helpcentrum',
              ),
            },
          ],
          other: { label: OTHER },
        },
        {
          id: 'hardest',
          type: 'textarea',
          label: t(
            'What was the hardest part?',
            'En zor kısım neydi?',
            '¿Qué fue lo más difícil?',
            'Qual è stata la parte più difficile?',
            'Was war am schwierigsten?',
            'Wat was het moeilijkste?',
          ),
          conditionalLogic: {
            action: 'show',
            conditionGroups: [{ conditions: [{ fieldId: 'easy', operator: 'lessThanOrEqual', value: 4 }] }],
          },
          validation: { rules: [{ type: 'maxLength', value: 2000 }] },
        },
      ],
    },
  ],
};

/** Product feedback: use, ranking of what matters, a feature request, an optional reply address. */
export const productFeedback: TemplateSource = {
  id: 'product-feedback',
  category: 'feedback',
  name: t(
    'Product feedback',
    'Ürün geri bildirimi',
    'Opinión sobre el producto',
    'Feedback sul prodotto',
    'Produktfeedback',
    'Productfeedback',
  ),
  description: t(
    'Learn how people use your product, what matters to them and what they miss.',
    'İnsanların ürününüzü nasıl kullandığını, neyin önemli olduğunu ve neyi özlediklerini öğrenin.',
    'Descubre cómo se usa tu producto, qué importa y qué falta.',
    'Scopri come viene usato il tuo prodotto, cosa conta e cosa manca.',
    'Erfahre, wie dein Produkt genutzt wird, was zählt und was fehlt.',
    'Ontdek hoe je product wordt gebruikt, wat belangrijk is en wat er mist.',
  ),
  meta: {
    title: t(
      'Product feedback',
      'Ürün geri bildirimi',
      'Opinión sobre el producto',
      'Feedback sul prodotto',
      'Produktfeedback',
      'Productfeedback',
    ),
    description: t(
      'Help us build what you need.',
      'İhtiyacınız olanı geliştirmemize yardım edin.',
      'Ayúdanos a crear lo que necesitas.',
      'Aiutaci a costruire ciò che ti serve.',
      'Hilf uns, das zu bauen, was du brauchst.',
      'Help ons te bouwen wat je nodig hebt.',
    ),
    submitLabel: SEND,
  },
  settings: { completion: { message: THANKS } },
  sections: [
    {
      id: 'use',
      title: t(
        'How you use it',
        'Nasıl kullanıyorsunuz',
        'Cómo lo usas',
        'Come lo usi',
        'Wie du es nutzt',
        'Hoe je het gebruikt',
      ),
      fields: [
        {
          id: 'frequency',
          type: 'radio',
          required: true,
          label: t(
            'How often do you use it?',
            'Ne sıklıkla kullanıyorsunuz?',
            '¿Con qué frecuencia lo usas?',
            'Quanto spesso lo usi?',
            'Wie oft nutzt du es?',
            'Hoe vaak gebruik je het?',
          ),
          options: [
            {
              value: 'daily',
              label: t('Every day', 'Her gün', 'Cada día', 'Ogni giorno', 'Täglich', 'Elke dag'),
            },
            {
              value: 'weekly',
              label: t(
                'Every week',
                'Her hafta',
                'Cada semana',
                'Ogni settimana',
                'Wöchentlich',
                'Elke week',
              ),
            },
            {
              value: 'monthly',
              label: t('Every month', 'Her ay', 'Cada mes', 'Ogni mese', 'Monatlich', 'Elke maand'),
            },
            { value: 'rarely', label: t('Rarely', 'Nadiren', 'Rara vez', 'Raramente', 'Selten', 'Zelden') },
          ],
        },
        {
          id: 'stars',
          type: 'rating',
          required: true,
          rating: { max: 5, icon: 'star' },
          label: t(
            'How would you rate it?',
            'Nasıl puanlarsınız?',
            '¿Cómo lo valorarías?',
            'Come lo valuteresti?',
            'Wie bewertest du es?',
            'Hoe beoordeel je het?',
          ),
        },
        {
          id: 'priorities',
          type: 'ranking',
          ranking: { top: 3 },
          label: t(
            'Which three matter most to you? Best first.',
            'Sizin için en önemli üçü hangisi? En önemliden başlayın.',
            '¿Cuáles son las tres cosas que más te importan? La más importante primero.',
            'Quali sono le tre cose più importanti per te? La più importante per prima.',
            'Welche drei sind dir am wichtigsten? Das Wichtigste zuerst.',
            'Welke drie vind je het belangrijkst? Het belangrijkste eerst.',
          ),
          options: [
            {
              value: 'speed',
              label: t('Speed', 'Hız', 'Rapidez', 'Velocità', 'Geschwindigkeit', 'Snelheid'),
            },
            {
              value: 'ease',
              label: t(
                'Ease of use',
                'Kullanım kolaylığı',
                'Facilidad de uso',
                'Facilità d’uso',
                'Bedienbarkeit',
                'Gebruiksgemak',
              ),
            },
            {
              value: 'features',
              label: t('Features', 'Özellikler', 'Funciones', 'Funzionalità', 'Funktionen', 'Functies'),
            },
            { value: 'price', label: t('Price', 'Fiyat', 'Precio', 'Prezzo', 'Preis', 'Prijs') },
            {
              value: 'support',
              label: t('Support', 'Destek', 'Soporte', 'Assistenza', 'Support', 'Ondersteuning'),
            },
          ],
        },
      ],
    },
    {
      id: 'ideas',
      title: t('Your ideas', 'Fikirleriniz', 'Tus ideas', 'Le tue idee', 'Deine Ideen', 'Jouw ideeën'),
      fields: [
        {
          id: 'missing',
          type: 'textarea',
          label: t(
            'What is missing or could work better?',
            'Eksik olan veya daha iyi çalışabilecek ne var?',
            '¿Qué falta o podría funcionar mejor?',
            'Cosa manca o potrebbe funzionare meglio?',
            'Was fehlt oder könnte besser funktionieren?',
            'Wat ontbreekt er of kan beter?',
          ),
          validation: { rules: [{ type: 'maxLength', value: 3000 }] },
        },
        {
          id: 'contact_ok',
          type: 'radio',
          label: t(
            'May we contact you about your answers?',
            'Yanıtlarınız hakkında sizinle iletişime geçebilir miyiz?',
            '¿Podemos contactarte sobre tus respuestas?',
            'Possiamo contattarti riguardo alle tue risposte?',
            'Dürfen wir dich zu deinen Antworten kontaktieren?',
            'Mogen we contact met je opnemen over je antwoorden?',
          ),
          options: [
            { value: 'yes', label: t('Yes', 'Evet', 'Sí', 'Sì', 'Ja', 'Ja') },
            { value: 'no', label: t('No', 'Hayır', 'No', 'No', 'Nein', 'Nee') },
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
            conditionGroups: [{ conditions: [{ fieldId: 'contact_ok', operator: 'equals', value: 'yes' }] }],
          },
        },
      ],
    },
  ],
};

/** Website feedback: why they came, whether they found it, a rating, what went wrong. */
export const websiteFeedback: TemplateSource = {
  id: 'website-feedback',
  category: 'feedback',
  name: t(
    'Website feedback',
    'Web sitesi geri bildirimi',
    'Opinión sobre el sitio web',
    'Feedback sul sito',
    'Website-Feedback',
    'Websitefeedback',
  ),
  description: t(
    'Ask visitors whether they found what they came for and what got in the way.',
    'Ziyaretçilere aradıklarını bulup bulmadıklarını ve neyin engel olduğunu sorun.',
    'Pregunta a los visitantes si encontraron lo que buscaban y qué se lo impidió.',
    'Chiedi ai visitatori se hanno trovato ciò che cercavano e cosa li ha ostacolati.',
    'Frag Besucher, ob sie gefunden haben, was sie suchten, und was sie dabei störte.',
    'Vraag bezoekers of ze vonden wat ze zochten en wat hen in de weg zat.',
  ),
  meta: {
    title: t(
      'Help us improve this site',
      'Bu siteyi geliştirmemize yardım edin',
      'Ayúdanos a mejorar este sitio',
      'Aiutaci a migliorare questo sito',
      'Hilf uns, diese Website zu verbessern',
      'Help ons deze site te verbeteren',
    ),
    submitLabel: SEND,
  },
  settings: { completion: { message: THANKS } },
  sections: [
    {
      id: 'visit',
      title: t('Your visit', 'Ziyaretiniz', 'Tu visita', 'La tua visita', 'Dein Besuch', 'Je bezoek'),
      fields: [
        {
          id: 'purpose',
          type: 'select',
          required: true,
          label: t(
            'Why did you visit today?',
            'Bugün neden ziyaret ettiniz?',
            '¿Por qué nos visitaste hoy?',
            'Perché ci hai visitato oggi?',
            'Warum hast du uns heute besucht?',
            'Waarom bezocht je ons vandaag?',
          ),
          options: [
            {
              value: 'info',
              label: t(
                'To find information',
                'Bilgi bulmak için',
                'Para buscar información',
                'Per trovare informazioni',
                'Um Informationen zu finden',
                'Om informatie te vinden',
              ),
            },
            {
              value: 'buy',
              label: t(
                'To buy something',
                'Bir şey satın almak için',
                'Para comprar algo',
                'Per acquistare qualcosa',
                'Um etwas zu kaufen',
                'Om iets te kopen',
              ),
            },
            {
              value: 'help',
              label: t(
                'To get help',
                'Yardım almak için',
                'Para obtener ayuda',
                'Per ricevere aiuto',
                'Um Hilfe zu bekommen',
                'Om hulp te krijgen',
              ),
            },
            {
              value: 'browse',
              label: t(
                'Just looking',
                'Sadece bakıyorum',
                'Solo mirando',
                'Solo per curiosità',
                'Nur umsehen',
                'Gewoon rondkijken',
              ),
            },
          ],
          other: { label: OTHER },
        },
        {
          id: 'found',
          type: 'radio',
          required: true,
          label: t(
            'Did you find what you were looking for?',
            'Aradığınızı buldunuz mu?',
            '¿Encontraste lo que buscabas?',
            'Hai trovato ciò che cercavi?',
            'Hast du gefunden, was du gesucht hast?',
            'Heb je gevonden wat je zocht?',
          ),
          options: [
            { value: 'yes', label: t('Yes', 'Evet', 'Sí', 'Sì', 'Ja', 'Ja') },
            {
              value: 'partly',
              label: t('Partly', 'Kısmen', 'En parte', 'In parte', 'Teilweise', 'Gedeeltelijk'),
            },
            { value: 'no', label: t('No', 'Hayır', 'No', 'No', 'Nein', 'Nee') },
          ],
        },
        {
          id: 'problem',
          type: 'checkbox',
          label: t(
            'What got in the way?',
            'Size ne engel oldu?',
            '¿Qué te lo impidió?',
            'Cosa ti ha ostacolato?',
            'Was hat dich gestört?',
            'Wat zat je in de weg?',
          ),
          options: [
            {
              value: 'navigation',
              label: t(
                'Hard to navigate',
                'Gezinmesi zor',
                'Difícil de navegar',
                'Difficile da navigare',
                'Schwer zu navigieren',
                'Moeilijk te navigeren',
              ),
            },
            {
              value: 'search',
              label: t(
                'Search did not help',
                'Arama işe yaramadı',
                'La búsqueda no ayudó',
                'La ricerca non è servita',
                'Die Suche half nicht',
                'Zoeken hielp niet',
              ),
            },
            {
              value: 'slow',
              label: t(
                'Pages were slow',
                'Sayfalar yavaştı',
                'Las páginas eran lentas',
                'Le pagine erano lente',
                'Seiten waren langsam',
                'Pagina’s waren traag',
              ),
            },
            {
              value: 'content',
              label: t(
                'Information was missing',
                'Bilgi eksikti',
                'Faltaba información',
                'Mancavano informazioni',
                'Informationen fehlten',
                'Informatie ontbrak',
              ),
            },
          ],
          other: { label: OTHER },
          conditionalLogic: {
            action: 'hide',
            conditionGroups: [{ conditions: [{ fieldId: 'found', operator: 'equals', value: 'yes' }] }],
          },
        },
        {
          id: 'stars',
          type: 'rating',
          rating: { max: 5 },
          label: t(
            'How would you rate the site?',
            'Siteyi nasıl puanlarsınız?',
            '¿Cómo valorarías el sitio?',
            'Come valuteresti il sito?',
            'Wie bewertest du die Website?',
            'Hoe beoordeel je de site?',
          ),
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

/** Market research: a short profile, habits, what people pay today, a price they would accept. */
export const marketResearch: TemplateSource = {
  id: 'market-research',
  category: 'feedback',
  name: t(
    'Market research',
    'Pazar araştırması',
    'Estudio de mercado',
    'Ricerca di mercato',
    'Marktforschung',
    'Marktonderzoek',
  ),
  description: t(
    'Understand your audience: who they are, what they use today and what they would pay.',
    'Hedef kitlenizi anlayın: kim olduklarını, bugün ne kullandıklarını ve ne ödeyeceklerini.',
    'Conoce a tu público: quiénes son, qué usan hoy y cuánto pagarían.',
    'Conosci il tuo pubblico: chi è, cosa usa oggi e quanto pagherebbe.',
    'Verstehe deine Zielgruppe: wer sie ist, was sie heute nutzt und was sie zahlen würde.',
    'Begrijp je doelgroep: wie ze zijn, wat ze nu gebruiken en wat ze zouden betalen.',
  ),
  meta: {
    title: t(
      'A short survey',
      'Kısa bir anket',
      'Una breve encuesta',
      'Un breve sondaggio',
      'Eine kurze Umfrage',
      'Een korte enquête',
    ),
    description: t(
      'About five minutes. Your answers stay anonymous.',
      'Yaklaşık beş dakika. Yanıtlarınız anonim kalır.',
      'Unos cinco minutos. Tus respuestas son anónimas.',
      'Circa cinque minuti. Le tue risposte restano anonime.',
      'Etwa fünf Minuten. Deine Antworten bleiben anonym.',
      'Ongeveer vijf minuten. Je antwoorden blijven anoniem.',
    ),
    submitLabel: SEND,
  },
  settings: { layout: 'paged', completion: { message: THANKS } },
  sections: [
    {
      id: 'profile',
      title: t('About you', 'Hakkınızda', 'Sobre ti', 'Su di te', 'Über dich', 'Over jou'),
      fields: [
        {
          id: 'age',
          type: 'radio',
          required: true,
          label: t('Your age', 'Yaşınız', 'Tu edad', 'La tua età', 'Dein Alter', 'Je leeftijd'),
          options: [
            {
              value: 'under25',
              label: t('Under 25', '25 yaş altı', 'Menos de 25', 'Meno di 25', 'Unter 25', 'Jonger dan 25'),
            },
            {
              value: '25-39',
              label: t('25 to 39', '25 ile 39 arası', 'De 25 a 39', 'Da 25 a 39', '25 bis 39', '25 tot 39'),
            },
            {
              value: '40-59',
              label: t('40 to 59', '40 ile 59 arası', 'De 40 a 59', 'Da 40 a 59', '40 bis 59', '40 tot 59'),
            },
            {
              value: '60plus',
              label: t('60 or over', '60 ve üzeri', '60 o más', '60 o più', '60 oder älter', '60 of ouder'),
            },
          ],
        },
        {
          id: 'role',
          type: 'select',
          label: t(
            'Which best describes you?',
            'Sizi en iyi hangisi tanımlar?',
            '¿Qué te describe mejor?',
            'Cosa ti descrive meglio?',
            'Was beschreibt dich am besten?',
            'Wat beschrijft jou het best?',
          ),
          options: [
            {
              value: 'employee',
              label: t('Employee', 'Çalışan', 'Empleado', 'Dipendente', 'Angestellt', 'Werknemer'),
            },
            {
              value: 'self',
              label: t(
                'Self-employed',
                'Serbest çalışan',
                'Autónomo',
                'Lavoratore autonomo',
                'Selbstständig',
                'Zelfstandige',
              ),
            },
            {
              value: 'student',
              label: t('Student', 'Öğrenci', 'Estudiante', 'Studente', 'Studierend', 'Student'),
            },
            {
              value: 'retired',
              label: t('Retired', 'Emekli', 'Jubilado', 'In pensione', 'Im Ruhestand', 'Gepensioneerd'),
            },
          ],
          other: { label: OTHER },
        },
      ],
    },
    {
      id: 'habits',
      title: t('Today', 'Bugün', 'Hoy', 'Oggi', 'Heute', 'Vandaag'),
      fields: [
        {
          id: 'tools',
          type: 'checkbox',
          required: true,
          label: t(
            'What do you use for this today?',
            'Bunun için bugün ne kullanıyorsunuz?',
            '¿Qué usas hoy para esto?',
            'Cosa usi oggi per questo?',
            'Was nutzt du heute dafür?',
            'Wat gebruik je hier nu voor?',
          ),
          options: [
            { value: 'paper', label: t('Paper', 'Kâğıt', 'Papel', 'Carta', 'Papier', 'Papier') },
            {
              value: 'spreadsheet',
              label: t(
                'Spreadsheets',
                'Elektronik tablolar',
                'Hojas de cálculo',
                'Fogli di calcolo',
                'Tabellen',
                'Spreadsheets',
              ),
            },
            {
              value: 'app',
              label: t('An app', 'Bir uygulama', 'Una aplicación', 'Un’app', 'Eine App', 'Een app'),
            },
            {
              value: 'nothing',
              label: t(
                'Nothing yet',
                'Henüz hiçbir şey',
                'Nada todavía',
                'Ancora niente',
                'Noch nichts',
                'Nog niets',
              ),
            },
          ],
          exclusiveValue: 'nothing',
        },
        {
          id: 'spend',
          type: 'slider',
          label: t(
            'How much would you pay a month?',
            'Ayda ne kadar ödersiniz?',
            '¿Cuánto pagarías al mes?',
            'Quanto pagheresti al mese?',
            'Wie viel würdest du im Monat zahlen?',
            'Hoeveel zou je per maand betalen?',
          ),
          slider: {
            min: 0,
            max: 100,
            step: 5,
            unit: t('€ a month', '€ / ay', '€ al mes', '€ al mese', '€ im Monat', '€ per maand'),
          },
        },
        {
          id: 'wish',
          type: 'textarea',
          label: t(
            'If you could change one thing, what would it be?',
            'Bir şeyi değiştirebilseydiniz, ne olurdu?',
            'Si pudieras cambiar una cosa, ¿cuál sería?',
            'Se potessi cambiare una cosa, quale sarebbe?',
            'Wenn du eine Sache ändern könntest, welche wäre es?',
            'Als je één ding kon veranderen, wat zou het zijn?',
          ),
          validation: { rules: [{ type: 'maxLength', value: 2000 }] },
        },
      ],
    },
  ],
};
