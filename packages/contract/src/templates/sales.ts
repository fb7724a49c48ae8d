import {
  ANYTHING_ELSE,
  COMPANY,
  CONSENT_CONTACT,
  EMAIL,
  EMAIL_PLACEHOLDER,
  FULL_NAME,
  NO,
  OTHER,
  PHONE,
  PHONE_HELP,
  PRIVACY,
  SEND,
  THANKS,
  YES,
} from './common-texts.js';
import { type TemplateSource, t } from './template-source.js';

/** A contact form: who, what about, the message, and consent to keep the details. */
export const contactForm: TemplateSource = {
  id: 'contact-form',
  category: 'sales',
  name: t(
    'Contact form',
    'İletişim formu',
    'Formulario de contacto',
    'Modulo di contatto',
    'Kontaktformular',
    'Contactformulier',
  ),
  description: t(
    'The classic: name, email, topic and message, with consent to store the details.',
    'Klasik form: ad, e-posta, konu ve mesaj; bilgilerin saklanması için onay ile.',
    'El clásico: nombre, correo, tema y mensaje, con consentimiento para guardar los datos.',
    'Il classico: nome, email, argomento e messaggio, con il consenso a conservare i dati.',
    'Der Klassiker: Name, E-Mail, Thema und Nachricht, mit Einwilligung zur Speicherung.',
    'De klassieker: naam, e-mail, onderwerp en bericht, met toestemming om de gegevens te bewaren.',
  ),
  meta: {
    title: t('Contact us', 'Bize ulaşın', 'Contáctanos', 'Contattaci', 'Kontakt', 'Neem contact op'),
    description: t(
      'We usually answer within one working day.',
      'Genellikle bir iş günü içinde yanıt veririz.',
      'Solemos responder en un día laborable.',
      'Di solito rispondiamo entro un giorno lavorativo.',
      'Wir antworten meist innerhalb eines Werktags.',
      'We antwoorden meestal binnen één werkdag.',
    ),
    submitLabel: SEND,
  },
  settings: {
    completion: {
      message: t(
        'Thanks {{name}}, we will get back to you soon.',
        'Teşekkürler {{name}}, en kısa sürede size döneceğiz.',
        'Gracias {{name}}, te responderemos pronto.',
        'Grazie {{name}}, ti risponderemo presto.',
        'Danke {{name}}, wir melden uns bald bei dir.',
        'Bedankt {{name}}, we nemen snel contact met je op.',
      ),
    },
  },
  sections: [
    {
      id: 'contact',
      title: t(
        'Your message',
        'Mesajınız',
        'Tu mensaje',
        'Il tuo messaggio',
        'Deine Nachricht',
        'Je bericht',
      ),
      fields: [
        {
          id: 'name',
          type: 'text',
          required: true,
          label: FULL_NAME,
          validation: { rules: [{ type: 'maxLength', value: 100 }] },
        },
        { id: 'email', type: 'email', required: true, label: EMAIL, placeholder: EMAIL_PLACEHOLDER },
        {
          id: 'topic',
          type: 'select',
          required: true,
          label: t('Topic', 'Konu', 'Tema', 'Argomento', 'Thema', 'Onderwerp'),
          options: [
            {
              value: 'question',
              label: t('A question', 'Bir soru', 'Una pregunta', 'Una domanda', 'Eine Frage', 'Een vraag'),
            },
            { value: 'sales', label: t('Sales', 'Satış', 'Ventas', 'Vendite', 'Vertrieb', 'Verkoop') },
            { value: 'press', label: t('Press', 'Basın', 'Prensa', 'Stampa', 'Presse', 'Pers') },
          ],
          other: { label: OTHER },
        },
        {
          id: 'message',
          type: 'textarea',
          required: true,
          label: t('Message', 'Mesaj', 'Mensaje', 'Messaggio', 'Nachricht', 'Bericht'),
          validation: {
            rules: [
              {
                type: 'minLength',
                value: 10,
                message: t(
                  'Please write at least a sentence.',
                  'Lütfen en az bir cümle yazın.',
                  'Escribe al menos una frase.',
                  'Scrivi almeno una frase.',
                  'Bitte schreib mindestens einen Satz.',
                  'Schrijf minstens één zin.',
                ),
              },
              { type: 'maxLength', value: 5000 },
            ],
          },
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

/** Lead capture: who they are, the company's size, the interest, and a hidden campaign field. */
export const leadCapture: TemplateSource = {
  id: 'lead-capture',
  category: 'sales',
  name: t(
    'Lead capture',
    'Potansiyel müşteri formu',
    'Captación de clientes',
    'Raccolta contatti',
    'Lead-Erfassung',
    'Leadformulier',
  ),
  description: t(
    'Collect interested prospects with their company, size and interest; the link can carry the campaign.',
    'İlgilenen adayları şirketleri, büyüklükleri ve ilgi alanlarıyla toplayın; bağlantı kampanyayı taşıyabilir.',
    'Reúne clientes potenciales con su empresa, tamaño e interés; el enlace puede llevar la campaña.',
    'Raccogli potenziali clienti con azienda, dimensioni e interesse; il link può indicare la campagna.',
    'Sammle Interessenten mit Firma, Größe und Interesse; der Link kann die Kampagne mitgeben.',
    'Verzamel geïnteresseerden met hun bedrijf, omvang en interesse; de link kan de campagne meegeven.',
  ),
  meta: {
    title: t(
      'Get a demo',
      'Demo isteyin',
      'Solicita una demo',
      'Richiedi una demo',
      'Demo anfragen',
      'Vraag een demo aan',
    ),
    description: t(
      'Tell us a little about your team and we will show you around.',
      'Ekibinizden biraz bahsedin, size her şeyi gösterelim.',
      'Cuéntanos un poco sobre tu equipo y te lo enseñamos todo.',
      'Raccontaci qualcosa del tuo team e ti mostreremo tutto.',
      'Erzähl uns etwas über dein Team, und wir zeigen dir alles.',
      'Vertel ons iets over je team en we laten je alles zien.',
    ),
    submitLabel: t(
      'Request a demo',
      'Demo iste',
      'Solicitar demo',
      'Richiedi demo',
      'Demo anfragen',
      'Demo aanvragen',
    ),
  },
  settings: {
    completion: {
      message: t(
        'Thanks {{name}}! We will be in touch within a day.',
        'Teşekkürler {{name}}! Bir gün içinde sizinle iletişime geçeceğiz.',
        '¡Gracias {{name}}! Te contactaremos en un día.',
        'Grazie {{name}}! Ti contatteremo entro un giorno.',
        'Danke {{name}}! Wir melden uns innerhalb eines Tages.',
        'Bedankt {{name}}! We nemen binnen een dag contact op.',
      ),
    },
  },
  sections: [
    {
      id: 'lead',
      title: t('About you', 'Hakkınızda', 'Sobre ti', 'Su di te', 'Über dich', 'Over jou'),
      fields: [
        { id: 'name', type: 'text', required: true, label: FULL_NAME },
        {
          id: 'email',
          type: 'email',
          required: true,
          label: t(
            'Work email',
            'İş e-postası',
            'Correo de trabajo',
            'Email di lavoro',
            'Geschäftliche E-Mail',
            'Zakelijk e-mailadres',
          ),
          placeholder: EMAIL_PLACEHOLDER,
        },
        { id: 'company', type: 'text', required: true, label: COMPANY },
        {
          id: 'size',
          type: 'radio',
          required: true,
          label: t(
            'Company size',
            'Şirket büyüklüğü',
            'Tamaño de la empresa',
            'Dimensione dell’azienda',
            'Unternehmensgröße',
            'Bedrijfsgrootte',
          ),
          options: [
            {
              value: '1-10',
              label: t(
                '1–10 people',
                '1–10 kişi',
                '1–10 personas',
                '1–10 persone',
                '1–10 Personen',
                '1–10 personen',
              ),
            },
            {
              value: '11-50',
              label: t(
                '11–50 people',
                '11–50 kişi',
                '11–50 personas',
                '11–50 persone',
                '11–50 Personen',
                '11–50 personen',
              ),
            },
            {
              value: '51-250',
              label: t(
                '51–250 people',
                '51–250 kişi',
                '51–250 personas',
                '51–250 persone',
                '51–250 Personen',
                '51–250 personen',
              ),
            },
            {
              value: '250plus',
              label: t(
                'More than 250',
                '250’den fazla',
                'Más de 250',
                'Più di 250',
                'Mehr als 250',
                'Meer dan 250',
              ),
            },
          ],
        },
        {
          id: 'interest',
          type: 'checkbox',
          label: t(
            'What are you interested in?',
            'Neyle ilgileniyorsunuz?',
            '¿Qué te interesa?',
            'Cosa ti interessa?',
            'Wofür interessierst du dich?',
            'Waar ben je in geïnteresseerd?',
          ),
          options: [
            {
              value: 'product',
              label: t('The product', 'Ürün', 'El producto', 'Il prodotto', 'Das Produkt', 'Het product'),
            },
            {
              value: 'pricing',
              label: t('Pricing', 'Fiyatlandırma', 'Precios', 'Prezzi', 'Preise', 'Prijzen'),
            },
            {
              value: 'integration',
              label: t(
                'Integrations',
                'Entegrasyonlar',
                'Integraciones',
                'Integrazioni',
                'Integrationen',
                'Integraties',
              ),
            },
            {
              value: 'partnership',
              label: t(
                'Partnership',
                'Ortaklık',
                'Colaboración',
                'Partnership',
                'Partnerschaft',
                'Partnerschap',
              ),
            },
          ],
        },
        { id: 'phone', type: 'phone', label: PHONE, helpText: PHONE_HELP },
        {
          id: 'campaign',
          type: 'hidden',
          label: t('Campaign', 'Kampanya', 'Campaña', 'Campagna', 'Kampagne', 'Campagne'),
          prefill: { param: 'utm_campaign' },
        },
      ],
    },
  ],
};

/** An order: items in a repeating section, delivery, a total count the confirmation recalls. */
export const orderForm: TemplateSource = {
  id: 'order-form',
  category: 'sales',
  name: t(
    'Order form',
    'Sipariş formu',
    'Formulario de pedido',
    'Modulo d’ordine',
    'Bestellformular',
    'Bestelformulier',
  ),
  description: t(
    'Take orders with several items, quantities, a delivery address and date.',
    'Birden fazla ürün, adet, teslimat adresi ve tarihiyle sipariş alın.',
    'Recibe pedidos con varios artículos, cantidades, dirección y fecha de entrega.',
    'Ricevi ordini con più articoli, quantità, indirizzo e data di consegna.',
    'Nimm Bestellungen mit mehreren Artikeln, Mengen, Lieferadresse und -datum an.',
    'Neem bestellingen aan met meerdere artikelen, aantallen, een afleveradres en -datum.',
  ),
  meta: {
    title: t(
      'Place an order',
      'Sipariş verin',
      'Haz tu pedido',
      'Effettua un ordine',
      'Bestellung aufgeben',
      'Plaats een bestelling',
    ),
    submitLabel: t(
      'Place order',
      'Siparişi ver',
      'Realizar pedido',
      'Invia ordine',
      'Bestellen',
      'Bestellen',
    ),
  },
  settings: {
    layout: 'paged',
    completion: {
      message: t(
        'Thank you {{name}}! We received your order of {{items}} items.',
        'Teşekkürler {{name}}! {{items}} ürünlük siparişinizi aldık.',
        '¡Gracias {{name}}! Hemos recibido tu pedido de {{items}} artículos.',
        'Grazie {{name}}! Abbiamo ricevuto il tuo ordine di {{items}} articoli.',
        'Danke {{name}}! Wir haben deine Bestellung über {{items}} Artikel erhalten.',
        'Bedankt {{name}}! We hebben je bestelling van {{items}} artikelen ontvangen.',
      ),
    },
  },
  sections: [
    {
      id: 'items',
      title: t('Items', 'Ürünler', 'Artículos', 'Articoli', 'Artikel', 'Artikelen'),
      description: t(
        'Add a line for each product.',
        'Her ürün için bir satır ekleyin.',
        'Añade una línea por cada producto.',
        'Aggiungi una riga per ogni prodotto.',
        'Füge für jedes Produkt eine Zeile hinzu.',
        'Voeg een regel toe voor elk product.',
      ),
      repeat: {
        min: 1,
        max: 20,
        addLabel: t(
          'Add another item',
          'Başka bir ürün ekle',
          'Añadir otro artículo',
          'Aggiungi un altro articolo',
          'Weiteren Artikel hinzufügen',
          'Nog een artikel toevoegen',
        ),
      },
      fields: [
        {
          id: 'product',
          type: 'select',
          required: true,
          label: t('Product', 'Ürün', 'Producto', 'Prodotto', 'Produkt', 'Product'),
          options: [
            {
              value: 'small',
              label: t(
                'Small box',
                'Küçük kutu',
                'Caja pequeña',
                'Scatola piccola',
                'Kleine Box',
                'Kleine doos',
              ),
            },
            {
              value: 'medium',
              label: t(
                'Medium box',
                'Orta kutu',
                'Caja mediana',
                'Scatola media',
                'Mittlere Box',
                'Middelgrote doos',
              ),
            },
            {
              value: 'large',
              label: t('Large box', 'Büyük kutu', 'Caja grande', 'Scatola grande', 'Große Box', 'Grote doos'),
            },
          ],
        },
        {
          id: 'quantity',
          type: 'number',
          required: true,
          label: t('Quantity', 'Adet', 'Cantidad', 'Quantità', 'Menge', 'Aantal'),
          validation: {
            rules: [
              { type: 'min', value: 1 },
              {
                type: 'max',
                value: 99,
                message: t(
                  'For more than 99, please contact us.',
                  '99’dan fazlası için lütfen bizimle iletişime geçin.',
                  'Para más de 99, contáctanos.',
                  'Per più di 99, contattaci.',
                  'Für mehr als 99 melde dich bitte bei uns.',
                  'Neem voor meer dan 99 contact met ons op.',
                ),
              },
            ],
          },
        },
      ],
    },
    {
      id: 'delivery',
      title: t('Delivery', 'Teslimat', 'Entrega', 'Consegna', 'Lieferung', 'Levering'),
      fields: [
        { id: 'name', type: 'text', required: true, label: FULL_NAME },
        { id: 'email', type: 'email', required: true, label: EMAIL, placeholder: EMAIL_PLACEHOLDER },
        {
          id: 'address',
          type: 'address',
          required: true,
          label: t(
            'Delivery address',
            'Teslimat adresi',
            'Dirección de entrega',
            'Indirizzo di consegna',
            'Lieferadresse',
            'Afleveradres',
          ),
          address: { required: ['line1', 'city', 'postalCode', 'country'] },
        },
        {
          id: 'date',
          type: 'date',
          label: t(
            'Preferred delivery date',
            'Tercih edilen teslimat tarihi',
            'Fecha de entrega preferida',
            'Data di consegna preferita',
            'Gewünschtes Lieferdatum',
            'Gewenste leverdatum',
          ),
        },
        {
          id: 'notes',
          type: 'textarea',
          label: t(
            'Notes for the courier',
            'Kurye için notlar',
            'Notas para el repartidor',
            'Note per il corriere',
            'Hinweise für den Kurier',
            'Opmerkingen voor de bezorger',
          ),
          validation: { rules: [{ type: 'maxLength', value: 500 }] },
        },
      ],
    },
  ],
  variables: [{ id: 'items', type: 'number', expression: { sum: ['items', 'quantity'] } }],
};

/** A newsletter sign-up: an address, topics, how often, and consent. */
export const newsletterSignup: TemplateSource = {
  id: 'newsletter-signup',
  category: 'sales',
  name: t(
    'Newsletter sign-up',
    'Bülten kaydı',
    'Suscripción al boletín',
    'Iscrizione alla newsletter',
    'Newsletter-Anmeldung',
    'Aanmelden voor de nieuwsbrief',
  ),
  description: t(
    'Grow your mailing list with the topics each reader wants and their consent.',
    'E-posta listenizi her okuyucunun istediği konular ve onayıyla büyütün.',
    'Haz crecer tu lista con los temas que quiere cada lector y su consentimiento.',
    'Fai crescere la tua lista con gli argomenti scelti da ogni lettore e il suo consenso.',
    'Erweitere deinen Verteiler mit den Themen jedes Lesers und seiner Einwilligung.',
    'Laat je mailinglijst groeien met de onderwerpen die elke lezer wil en diens toestemming.',
  ),
  meta: {
    title: t(
      'Subscribe to our newsletter',
      'Bültenimize abone olun',
      'Suscríbete a nuestro boletín',
      'Iscriviti alla nostra newsletter',
      'Abonniere unseren Newsletter',
      'Abonneer je op onze nieuwsbrief',
    ),
    submitLabel: t('Subscribe', 'Abone ol', 'Suscribirme', 'Iscriviti', 'Abonnieren', 'Abonneren'),
  },
  settings: {
    completion: {
      message: t(
        'You are on the list. Check your inbox to confirm.',
        'Listeye eklendiniz. Onaylamak için gelen kutunuzu kontrol edin.',
        'Ya estás en la lista. Revisa tu bandeja de entrada para confirmar.',
        'Sei nella lista. Controlla la tua casella per confermare.',
        'Du bist dabei. Bitte bestätige über die E-Mail in deinem Postfach.',
        'Je staat op de lijst. Bevestig via de e-mail in je inbox.',
      ),
    },
  },
  sections: [
    {
      id: 'signup',
      title: t('Sign up', 'Kaydolun', 'Regístrate', 'Iscriviti', 'Anmelden', 'Aanmelden'),
      fields: [
        { id: 'email', type: 'email', required: true, label: EMAIL, placeholder: EMAIL_PLACEHOLDER },
        {
          id: 'first_name',
          type: 'text',
          label: t('First name', 'Adınız', 'Nombre', 'Nome', 'Vorname', 'Voornaam'),
        },
        {
          id: 'topics',
          type: 'checkbox',
          required: true,
          label: t(
            'What would you like to hear about?',
            'Hangi konularda haber almak istersiniz?',
            '¿Sobre qué quieres recibir noticias?',
            'Di cosa vorresti ricevere notizie?',
            'Worüber möchtest du informiert werden?',
            'Waarover wil je iets horen?',
          ),
          options: [
            {
              value: 'news',
              label: t(
                'Product news',
                'Ürün haberleri',
                'Novedades del producto',
                'Novità sul prodotto',
                'Produktneuigkeiten',
                'Productnieuws',
              ),
            },
            {
              value: 'tips',
              label: t(
                'Tips and guides',
                'İpuçları ve rehberler',
                'Consejos y guías',
                'Consigli e guide',
                'Tipps und Anleitungen',
                'Tips en handleidingen',
              ),
            },
            {
              value: 'events',
              label: t('Events', 'Etkinlikler', 'Eventos', 'Eventi', 'Veranstaltungen', 'Evenementen'),
            },
            {
              value: 'offers',
              label: t('Offers', 'Fırsatlar', 'Ofertas', 'Offerte', 'Angebote', 'Aanbiedingen'),
            },
          ],
        },
        {
          id: 'frequency',
          type: 'radio',
          label: t(
            'How often?',
            'Ne sıklıkla?',
            '¿Con qué frecuencia?',
            'Con che frequenza?',
            'Wie oft?',
            'Hoe vaak?',
          ),
          options: [
            {
              value: 'weekly',
              label: t('Weekly', 'Haftalık', 'Semanal', 'Settimanale', 'Wöchentlich', 'Wekelijks'),
            },
            {
              value: 'monthly',
              label: t('Monthly', 'Aylık', 'Mensual', 'Mensile', 'Monatlich', 'Maandelijks'),
            },
          ],
        },
        {
          id: 'consent',
          type: 'consent',
          required: true,
          label: PRIVACY,
          consent: {
            text: t(
              'I agree to receive emails and know I can unsubscribe at any time.',
              'E-posta almayı kabul ediyorum ve istediğim zaman abonelikten çıkabileceğimi biliyorum.',
              'Acepto recibir correos y sé que puedo darme de baja en cualquier momento.',
              'Accetto di ricevere email e so che posso annullare l’iscrizione in qualsiasi momento.',
              'Ich möchte E-Mails erhalten und weiß, dass ich mich jederzeit abmelden kann.',
              'Ik wil e-mails ontvangen en weet dat ik me altijd kan afmelden.',
            ),
          },
        },
      ],
    },
  ],
};

/** An appointment request: the service, a day and time, how to reach them. */
export const appointmentRequest: TemplateSource = {
  id: 'appointment-request',
  category: 'sales',
  name: t(
    'Appointment request',
    'Randevu talebi',
    'Solicitud de cita',
    'Richiesta di appuntamento',
    'Terminanfrage',
    'Afspraakverzoek',
  ),
  description: t(
    'Let clients ask for a service on a day and time that suits them.',
    'Müşterilerin kendilerine uygun bir gün ve saatte hizmet istemesini sağlayın.',
    'Permite a tus clientes pedir un servicio el día y la hora que prefieran.',
    'Permetti ai clienti di richiedere un servizio nel giorno e all’ora che preferiscono.',
    'Lass Kunden eine Leistung zu einem passenden Tag und einer passenden Uhrzeit anfragen.',
    'Laat klanten een dienst aanvragen op een dag en tijd die hen past.',
  ),
  meta: {
    title: t(
      'Book an appointment',
      'Randevu alın',
      'Pide una cita',
      'Prenota un appuntamento',
      'Termin vereinbaren',
      'Maak een afspraak',
    ),
    description: t(
      'Pick a time; we confirm by email.',
      'Bir zaman seçin; e-postayla onaylarız.',
      'Elige una hora; te confirmamos por correo.',
      'Scegli un orario; confermiamo via email.',
      'Wähle eine Zeit; wir bestätigen per E-Mail.',
      'Kies een tijd; we bevestigen per e-mail.',
    ),
    submitLabel: t(
      'Request appointment',
      'Randevu iste',
      'Solicitar cita',
      'Richiedi appuntamento',
      'Termin anfragen',
      'Afspraak aanvragen',
    ),
  },
  settings: {
    completion: {
      message: t(
        'Thanks {{name}}! We will confirm your appointment on {{day}} by email.',
        'Teşekkürler {{name}}! {{day}} tarihli randevunuzu e-postayla onaylayacağız.',
        '¡Gracias {{name}}! Confirmaremos tu cita del {{day}} por correo.',
        'Grazie {{name}}! Confermeremo il tuo appuntamento del {{day}} via email.',
        'Danke {{name}}! Wir bestätigen deinen Termin am {{day}} per E-Mail.',
        'Bedankt {{name}}! We bevestigen je afspraak op {{day}} per e-mail.',
      ),
    },
  },
  sections: [
    {
      id: 'when',
      title: t(
        'Your appointment',
        'Randevunuz',
        'Tu cita',
        'Il tuo appuntamento',
        'Dein Termin',
        'Je afspraak',
      ),
      fields: [
        {
          id: 'service',
          type: 'radio',
          required: true,
          label: t('Service', 'Hizmet', 'Servicio', 'Servizio', 'Leistung', 'Dienst'),
          options: [
            {
              value: 'consultation',
              label: t(
                'First consultation',
                'İlk görüşme',
                'Primera consulta',
                'Prima consulenza',
                'Erstberatung',
                'Eerste consult',
              ),
            },
            {
              value: 'follow_up',
              label: t(
                'Follow-up',
                'Takip görüşmesi',
                'Seguimiento',
                'Controllo',
                'Folgetermin',
                'Vervolgafspraak',
              ),
            },
            { value: 'other', label: OTHER },
          ],
        },
        {
          id: 'details',
          type: 'text',
          required: true,
          label: t(
            'What is it about?',
            'Ne hakkında?',
            '¿De qué se trata?',
            'Di cosa si tratta?',
            'Worum geht es?',
            'Waar gaat het over?',
          ),
          conditionalLogic: {
            action: 'show',
            conditionGroups: [{ conditions: [{ fieldId: 'service', operator: 'equals', value: 'other' }] }],
          },
        },
        {
          id: 'day',
          type: 'date',
          required: true,
          label: t(
            'Preferred day',
            'Tercih edilen gün',
            'Día preferido',
            'Giorno preferito',
            'Wunschtag',
            'Voorkeursdag',
          ),
        },
        {
          id: 'time',
          type: 'time',
          required: true,
          label: t(
            'Preferred time',
            'Tercih edilen saat',
            'Hora preferida',
            'Orario preferito',
            'Wunschzeit',
            'Voorkeurstijd',
          ),
          helpText: t(
            'We are open from 09:00 to 18:00.',
            '09:00 ile 18:00 arasında açığız.',
            'Abrimos de 09:00 a 18:00.',
            'Siamo aperti dalle 09:00 alle 18:00.',
            'Wir sind von 09:00 bis 18:00 Uhr da.',
            'We zijn open van 09:00 tot 18:00.',
          ),
        },
      ],
    },
    {
      id: 'you',
      title: t('Your details', 'Bilgileriniz', 'Tus datos', 'I tuoi dati', 'Deine Angaben', 'Je gegevens'),
      fields: [
        { id: 'name', type: 'text', required: true, label: FULL_NAME },
        { id: 'email', type: 'email', required: true, label: EMAIL, placeholder: EMAIL_PLACEHOLDER },
        { id: 'phone', type: 'phone', label: PHONE, helpText: PHONE_HELP },
        {
          id: 'first_visit',
          type: 'radio',
          label: t(
            'Is this your first visit?',
            'Bu ilk ziyaretiniz mi?',
            '¿Es tu primera visita?',
            'È la tua prima visita?',
            'Ist es dein erster Besuch?',
            'Is dit je eerste bezoek?',
          ),
          options: [
            { value: 'yes', label: YES },
            { value: 'no', label: NO },
          ],
        },
      ],
    },
  ],
};

/** A donation pledge: an amount (a preset or their own), how often, and a public thank-you or not. */
export const donationPledge: TemplateSource = {
  id: 'donation-pledge',
  category: 'sales',
  name: t(
    'Donation pledge',
    'Bağış taahhüdü',
    'Promesa de donación',
    'Promessa di donazione',
    'Spendenzusage',
    'Donatietoezegging',
  ),
  description: t(
    'Collect pledges: an amount, how often, and how donors want to be thanked.',
    'Bağış taahhütleri toplayın: tutar, sıklık ve bağışçıların nasıl teşekkür almak istediği.',
    'Recoge promesas de donación: importe, frecuencia y cómo quieren recibir el agradecimiento.',
    'Raccogli promesse di donazione: importo, frequenza e come i donatori vogliono essere ringraziati.',
    'Sammle Spendenzusagen: Betrag, Häufigkeit und wie Spender bedankt werden möchten.',
    'Verzamel toezeggingen: het bedrag, hoe vaak en hoe donateurs bedankt willen worden.',
  ),
  meta: {
    title: t(
      'Support our work',
      'Çalışmalarımızı destekleyin',
      'Apoya nuestro trabajo',
      'Sostieni il nostro lavoro',
      'Unterstütze unsere Arbeit',
      'Steun ons werk',
    ),
    description: t(
      'Every gift helps. We will send you the payment details.',
      'Her bağış yardımcı olur. Ödeme bilgilerini size göndereceğiz.',
      'Cada aportación ayuda. Te enviaremos los datos para el pago.',
      'Ogni dono aiuta. Ti invieremo i dati per il pagamento.',
      'Jede Spende hilft. Wir schicken dir die Zahlungsdaten.',
      'Elke gift helpt. We sturen je de betaalgegevens.',
    ),
    submitLabel: t('Pledge', 'Taahhüt et', 'Comprometerme', 'Prometti', 'Zusagen', 'Toezeggen'),
  },
  settings: {
    completion: {
      message: t(
        'Thank you, {{name}}! Your support means a lot.',
        'Teşekkürler {{name}}! Desteğiniz bizim için çok değerli.',
        '¡Gracias, {{name}}! Tu apoyo significa mucho.',
        'Grazie, {{name}}! Il tuo sostegno conta molto.',
        'Danke, {{name}}! Deine Unterstützung bedeutet uns viel.',
        'Bedankt, {{name}}! Je steun betekent veel.',
      ),
    },
  },
  sections: [
    {
      id: 'gift',
      title: t('Your gift', 'Bağışınız', 'Tu donación', 'Il tuo dono', 'Deine Spende', 'Je gift'),
      fields: [
        {
          id: 'amount',
          type: 'radio',
          required: true,
          label: t('Amount', 'Tutar', 'Importe', 'Importo', 'Betrag', 'Bedrag'),
          options: [
            { value: '10', label: t('€10', '10 €', '10 €', '10 €', '10 €', '€ 10') },
            { value: '25', label: t('€25', '25 €', '25 €', '25 €', '25 €', '€ 25') },
            { value: '50', label: t('€50', '50 €', '50 €', '50 €', '50 €', '€ 50') },
            {
              value: 'own',
              label: t(
                'Another amount',
                'Başka bir tutar',
                'Otro importe',
                'Un altro importo',
                'Anderer Betrag',
                'Ander bedrag',
              ),
            },
          ],
        },
        {
          id: 'own_amount',
          type: 'number',
          required: true,
          label: t(
            'Your amount in euros',
            'Euro cinsinden tutarınız',
            'Tu importe en euros',
            'Il tuo importo in euro',
            'Dein Betrag in Euro',
            'Je bedrag in euro',
          ),
          conditionalLogic: {
            action: 'show',
            conditionGroups: [{ conditions: [{ fieldId: 'amount', operator: 'equals', value: 'own' }] }],
          },
          validation: {
            rules: [
              {
                type: 'min',
                value: 1,
                message: t(
                  'The smallest gift is €1.',
                  'En küçük bağış 1 €’dur.',
                  'La donación mínima es de 1 €.',
                  'La donazione minima è di 1 €.',
                  'Die kleinste Spende ist 1 €.',
                  'De kleinste gift is € 1.',
                ),
              },
            ],
          },
        },
        {
          id: 'frequency',
          type: 'radio',
          required: true,
          label: t(
            'How often?',
            'Ne sıklıkla?',
            '¿Con qué frecuencia?',
            'Con che frequenza?',
            'Wie oft?',
            'Hoe vaak?',
          ),
          options: [
            { value: 'once', label: t('Once', 'Bir kez', 'Una vez', 'Una volta', 'Einmalig', 'Eenmalig') },
            {
              value: 'monthly',
              label: t('Every month', 'Her ay', 'Cada mes', 'Ogni mese', 'Monatlich', 'Maandelijks'),
            },
            {
              value: 'yearly',
              label: t('Every year', 'Her yıl', 'Cada año', 'Ogni anno', 'Jährlich', 'Jaarlijks'),
            },
          ],
        },
      ],
    },
    {
      id: 'donor',
      title: t('About you', 'Hakkınızda', 'Sobre ti', 'Su di te', 'Über dich', 'Over jou'),
      fields: [
        { id: 'name', type: 'text', required: true, label: FULL_NAME },
        { id: 'email', type: 'email', required: true, label: EMAIL, placeholder: EMAIL_PLACEHOLDER },
        {
          id: 'public',
          type: 'radio',
          label: t(
            'May we name you among our supporters?',
            'Adınızı destekçilerimiz arasında anabilir miyiz?',
            '¿Podemos nombrarte entre quienes nos apoyan?',
            'Possiamo citarti tra i nostri sostenitori?',
            'Dürfen wir dich als Unterstützer nennen?',
            'Mogen we je noemen als een van onze steunpilaren?',
          ),
          options: [
            { value: 'yes', label: YES },
            {
              value: 'no',
              label: t(
                'No, keep me anonymous',
                'Hayır, anonim kalmak istiyorum',
                'No, prefiero el anonimato',
                'No, preferisco restare anonimo',
                'Nein, lieber anonym',
                'Nee, liever anoniem',
              ),
            },
          ],
        },
        {
          id: 'message',
          type: 'textarea',
          label: ANYTHING_ELSE,
          validation: { rules: [{ type: 'maxLength', value: 1000 }] },
        },
      ],
    },
  ],
};

/** Customer onboarding: the account, goals, the tools to connect, a jump past the team page for one-person accounts. */
export const customerOnboarding: TemplateSource = {
  id: 'customer-onboarding',
  category: 'sales',
  name: t(
    'Customer onboarding',
    'Müşteri karşılama',
    'Alta de clientes',
    'Onboarding clienti',
    'Kunden-Onboarding',
    'Klantonboarding',
  ),
  description: t(
    'Welcome new customers: their goals, their team and the tools to connect, in a few pages.',
    'Yeni müşterileri karşılayın: hedefleri, ekipleri ve bağlanacak araçlar, birkaç sayfada.',
    'Da la bienvenida a nuevos clientes: sus objetivos, su equipo y las herramientas, en pocas páginas.',
    'Accogli i nuovi clienti: obiettivi, team e strumenti da collegare, in poche pagine.',
    'Begrüße neue Kunden: ihre Ziele, ihr Team und die Tools zum Verbinden, auf wenigen Seiten.',
    'Verwelkom nieuwe klanten: hun doelen, hun team en de tools om te koppelen, in een paar pagina’s.',
  ),
  meta: {
    title: t(
      'Welcome aboard!',
      'Aramıza hoş geldiniz!',
      '¡Bienvenido a bordo!',
      'Benvenuto a bordo!',
      'Willkommen an Bord!',
      'Welkom aan boord!',
    ),
    description: t(
      'A few questions so we can set things up for you.',
      'Her şeyi sizin için hazırlayabilmemiz için birkaç soru.',
      'Unas preguntas para prepararlo todo para ti.',
      'Qualche domanda per preparare tutto per te.',
      'Ein paar Fragen, damit wir alles für dich einrichten können.',
      'Een paar vragen zodat we alles voor je kunnen klaarzetten.',
    ),
    submitLabel: t('Finish', 'Bitir', 'Terminar', 'Fine', 'Fertig', 'Afronden'),
  },
  settings: { layout: 'paged', completion: { message: THANKS } },
  sections: [
    {
      id: 'account',
      title: t('Your account', 'Hesabınız', 'Tu cuenta', 'Il tuo account', 'Dein Konto', 'Je account'),
      jumps: [
        {
          conditionGroups: [{ conditions: [{ fieldId: 'team_size', operator: 'equals', value: 'just_me' }] }],
          to: { section: 'tools' },
        },
      ],
      fields: [
        { id: 'company', type: 'text', required: true, label: COMPANY },
        {
          id: 'website',
          type: 'url',
          label: t('Website', 'Web sitesi', 'Sitio web', 'Sito web', 'Website', 'Website'),
          placeholder: t(
            'https://example.com',
            'https://ornek.com',
            'https://ejemplo.com',
            'https://esempio.it',
            'https://beispiel.de',
            'https://voorbeeld.nl',
          ),
        },
        {
          id: 'team_size',
          type: 'radio',
          required: true,
          label: t(
            'Who will use it?',
            'Kim kullanacak?',
            '¿Quién lo usará?',
            'Chi lo userà?',
            'Wer wird es nutzen?',
            'Wie gaat het gebruiken?',
          ),
          options: [
            {
              value: 'just_me',
              label: t('Just me', 'Yalnızca ben', 'Solo yo', 'Solo io', 'Nur ich', 'Alleen ik'),
            },
            {
              value: 'team',
              label: t('My team', 'Ekibim', 'Mi equipo', 'Il mio team', 'Mein Team', 'Mijn team'),
            },
          ],
        },
        {
          id: 'goals',
          type: 'checkbox',
          required: true,
          label: t(
            'What do you want to achieve?',
            'Neyi başarmak istiyorsunuz?',
            '¿Qué quieres conseguir?',
            'Cosa vuoi ottenere?',
            'Was möchtest du erreichen?',
            'Wat wil je bereiken?',
          ),
          validation: { rules: [{ type: 'maxLength', value: 3 }] },
          helpText: t(
            'Pick up to three.',
            'En fazla üç seçin.',
            'Elige hasta tres.',
            'Scegline fino a tre.',
            'Wähle bis zu drei.',
            'Kies er maximaal drie.',
          ),
          options: [
            {
              value: 'time',
              label: t(
                'Save time',
                'Zaman kazanmak',
                'Ahorrar tiempo',
                'Risparmiare tempo',
                'Zeit sparen',
                'Tijd besparen',
              ),
            },
            {
              value: 'sales',
              label: t(
                'Sell more',
                'Daha çok satmak',
                'Vender más',
                'Vendere di più',
                'Mehr verkaufen',
                'Meer verkopen',
              ),
            },
            {
              value: 'insight',
              label: t(
                'Understand customers',
                'Müşterileri anlamak',
                'Entender a los clientes',
                'Capire i clienti',
                'Kunden verstehen',
                'Klanten begrijpen',
              ),
            },
            {
              value: 'order',
              label: t(
                'Get organised',
                'Düzen sağlamak',
                'Organizarme',
                'Organizzarmi',
                'Ordnung schaffen',
                'Overzicht krijgen',
              ),
            },
          ],
        },
      ],
    },
    {
      id: 'team',
      title: t('Your team', 'Ekibiniz', 'Tu equipo', 'Il tuo team', 'Dein Team', 'Je team'),
      fields: [
        {
          id: 'seats',
          type: 'number',
          required: true,
          label: t(
            'How many people will join?',
            'Kaç kişi katılacak?',
            '¿Cuántas personas se unirán?',
            'Quante persone parteciperanno?',
            'Wie viele Personen kommen dazu?',
            'Hoeveel mensen doen er mee?',
          ),
          validation: {
            rules: [
              { type: 'min', value: 2 },
              { type: 'max', value: 1000 },
            ],
          },
        },
        {
          id: 'admin_email',
          type: 'email',
          label: t(
            'Email of a second admin',
            'İkinci yöneticinin e-postası',
            'Correo de un segundo administrador',
            'Email di un secondo amministratore',
            'E-Mail einer zweiten Admin-Person',
            'E-mail van een tweede beheerder',
          ),
          placeholder: EMAIL_PLACEHOLDER,
        },
      ],
    },
    {
      id: 'tools',
      title: t(
        'Your tools',
        'Araçlarınız',
        'Tus herramientas',
        'I tuoi strumenti',
        'Deine Tools',
        'Je tools',
      ),
      fields: [
        {
          id: 'connect',
          type: 'checkbox',
          label: t(
            'Which tools should we connect?',
            'Hangi araçları bağlayalım?',
            '¿Qué herramientas conectamos?',
            'Quali strumenti colleghiamo?',
            'Welche Tools sollen wir verbinden?',
            'Welke tools moeten we koppelen?',
          ),
          options: [
            {
              value: 'email',
              label: t(
                'Email marketing',
                'E-posta pazarlaması',
                'Email marketing',
                'Email marketing',
                'E-Mail-Marketing',
                'E-mailmarketing',
              ),
            },
            { value: 'crm', label: t('CRM', 'CRM', 'CRM', 'CRM', 'CRM', 'CRM') },
            {
              value: 'chat',
              label: t(
                'Team chat',
                'Ekip sohbeti',
                'Chat del equipo',
                'Chat del team',
                'Team-Chat',
                'Teamchat',
              ),
            },
            {
              value: 'none',
              label: t(
                'None for now',
                'Şimdilik hiçbiri',
                'Ninguna por ahora',
                'Nessuno per ora',
                'Vorerst keins',
                'Voorlopig geen',
              ),
            },
          ],
          exclusiveValue: 'none',
        },
        {
          id: 'call',
          type: 'radio',
          label: t(
            'Would you like a setup call?',
            'Kurulum görüşmesi ister misiniz?',
            '¿Quieres una llamada de configuración?',
            'Vuoi una chiamata per la configurazione?',
            'Möchtest du ein Einrichtungsgespräch?',
            'Wil je een installatiegesprek?',
          ),
          options: [
            { value: 'yes', label: YES },
            { value: 'no', label: NO },
          ],
        },
      ],
    },
  ],
};
