import { EMAIL, EMAIL_PLACEHOLDER, FULL_NAME, SEND } from './common-texts.js';
import { type TemplateSource, t } from './template-source.js';

const SEVERITY = {
  low: t(
    'Low: a small annoyance',
    'Düşük: küçük bir sorun',
    'Baja: una pequeña molestia',
    'Bassa: un piccolo fastidio',
    'Niedrig: eine kleine Störung',
    'Laag: een klein ongemak',
  ),
  medium: t(
    'Medium: something does not work',
    'Orta: bir şey çalışmıyor',
    'Media: algo no funciona',
    'Media: qualcosa non funziona',
    'Mittel: etwas funktioniert nicht',
    'Gemiddeld: iets werkt niet',
  ),
  high: t(
    'High: I cannot work',
    'Yüksek: çalışamıyorum',
    'Alta: no puedo trabajar',
    'Alta: non riesco a lavorare',
    'Hoch: ich kann nicht arbeiten',
    'Hoog: ik kan niet werken',
  ),
};

/** A bug report: where, steps, what was expected, severity, a screenshot; urgent ones get their own ending. */
export const bugReport: TemplateSource = {
  id: 'bug-report',
  category: 'support',
  name: t(
    'Bug report',
    'Hata bildirimi',
    'Informe de errores',
    'Segnalazione di bug',
    'Fehlerbericht',
    'Bugmelding',
  ),
  description: t(
    'Collect reproducible bug reports: steps, expected result, severity and a screenshot.',
    'Tekrarlanabilir hata bildirimleri toplayın: adımlar, beklenen sonuç, önem ve ekran görüntüsü.',
    'Recoge errores reproducibles: pasos, resultado esperado, gravedad y una captura.',
    'Raccogli bug riproducibili: passaggi, risultato atteso, gravità e uno screenshot.',
    'Sammle nachvollziehbare Fehlerberichte: Schritte, erwartetes Ergebnis, Schwere und Screenshot.',
    'Verzamel reproduceerbare bugs: stappen, verwacht resultaat, ernst en een schermafbeelding.',
  ),
  meta: {
    title: t(
      'Report a bug',
      'Hata bildirin',
      'Informa de un error',
      'Segnala un bug',
      'Fehler melden',
      'Meld een bug',
    ),
    submitLabel: t(
      'Send report',
      'Bildirimi gönder',
      'Enviar informe',
      'Invia segnalazione',
      'Bericht senden',
      'Melding versturen',
    ),
  },
  settings: {
    completion: {
      message: t(
        'Thanks! We will look into it and keep you posted.',
        'Teşekkürler! İnceleyip sizi bilgilendireceğiz.',
        '¡Gracias! Lo revisaremos y te mantendremos al tanto.',
        'Grazie! Lo esamineremo e ti terremo aggiornato.',
        'Danke! Wir sehen es uns an und halten dich auf dem Laufenden.',
        'Bedankt! We zoeken het uit en houden je op de hoogte.',
      ),
    },
    endings: [
      {
        id: 'urgent',
        title: t(
          'We are on it',
          'Hemen ilgileniyoruz',
          'Nos ponemos con ello',
          'Ce ne occupiamo subito',
          'Wir kümmern uns sofort',
          'We gaan er meteen mee aan de slag',
        ),
        message: t(
          'An engineer will contact you within four working hours.',
          'Bir mühendis dört iş saati içinde sizinle iletişime geçecek.',
          'Un ingeniero te contactará en un plazo de cuatro horas laborables.',
          'Un tecnico ti contatterà entro quattro ore lavorative.',
          'Eine Technikerin meldet sich innerhalb von vier Arbeitsstunden bei dir.',
          'Een engineer neemt binnen vier werkuren contact met je op.',
        ),
        conditionGroups: [{ conditions: [{ fieldId: 'severity', operator: 'equals', value: 'high' }] }],
      },
    ],
  },
  sections: [
    {
      id: 'bug',
      title: t('The problem', 'Sorun', 'El problema', 'Il problema', 'Das Problem', 'Het probleem'),
      fields: [
        {
          id: 'summary',
          type: 'text',
          required: true,
          label: t(
            'Short summary',
            'Kısa özet',
            'Resumen breve',
            'Breve riepilogo',
            'Kurze Zusammenfassung',
            'Korte samenvatting',
          ),
          validation: { rules: [{ type: 'maxLength', value: 120 }] },
        },
        {
          id: 'page',
          type: 'url',
          label: t(
            'Where did it happen?',
            'Nerede oldu?',
            '¿Dónde ocurrió?',
            'Dove è successo?',
            'Wo ist es passiert?',
            'Waar gebeurde het?',
          ),
          helpText: t(
            'The page’s address, if you have it.',
            'Varsa sayfanın adresi.',
            'La dirección de la página, si la tienes.',
            'L’indirizzo della pagina, se lo hai.',
            'Die Adresse der Seite, falls vorhanden.',
            'Het adres van de pagina, als je het hebt.',
          ),
        },
        {
          id: 'steps',
          type: 'textarea',
          required: true,
          label: t(
            'Steps to reproduce',
            'Tekrarlama adımları',
            'Pasos para reproducirlo',
            'Passaggi per riprodurlo',
            'Schritte zum Nachstellen',
            'Stappen om het te reproduceren',
          ),
          placeholder: t(
            '1. Open… 2. Click… 3. See…',
            '1. Açın… 2. Tıklayın… 3. Görün…',
            '1. Abre… 2. Haz clic… 3. Observa…',
            '1. Apri… 2. Clicca… 3. Vedi…',
            '1. Öffne … 2. Klicke … 3. Sieh …',
            '1. Open… 2. Klik… 3. Zie…',
          ),
          validation: {
            rules: [
              {
                type: 'minLength',
                value: 20,
                message: t(
                  'A few more details help us find it.',
                  'Biraz daha ayrıntı bulmamıza yardımcı olur.',
                  'Unos detalles más nos ayudarán a encontrarlo.',
                  'Qualche dettaglio in più ci aiuta a trovarlo.',
                  'Ein paar Details mehr helfen uns, es zu finden.',
                  'Wat meer details helpen ons het te vinden.',
                ),
              },
              { type: 'maxLength', value: 5000 },
            ],
          },
        },
        {
          id: 'expected',
          type: 'textarea',
          label: t(
            'What did you expect to happen?',
            'Ne olmasını bekliyordunuz?',
            '¿Qué esperabas que pasara?',
            'Cosa ti aspettavi che succedesse?',
            'Was hast du erwartet?',
            'Wat verwachtte je?',
          ),
          validation: { rules: [{ type: 'maxLength', value: 2000 }] },
        },
        {
          id: 'severity',
          type: 'radio',
          required: true,
          label: t(
            'How bad is it?',
            'Ne kadar ciddi?',
            '¿Qué tan grave es?',
            'Quanto è grave?',
            'Wie schlimm ist es?',
            'Hoe erg is het?',
          ),
          options: [
            { value: 'low', label: SEVERITY.low },
            { value: 'medium', label: SEVERITY.medium },
            { value: 'high', label: SEVERITY.high },
          ],
        },
        {
          id: 'screenshot',
          type: 'file',
          label: t(
            'Screenshot',
            'Ekran görüntüsü',
            'Captura de pantalla',
            'Screenshot',
            'Screenshot',
            'Schermafbeelding',
          ),
          fileConfig: { maxSizeMB: 5, allowedTypes: ['image/*'] },
        },
        {
          id: 'browser',
          type: 'text',
          label: t(
            'Browser and device',
            'Tarayıcı ve cihaz',
            'Navegador y dispositivo',
            'Browser e dispositivo',
            'Browser und Gerät',
            'Browser en apparaat',
          ),
          placeholder: t(
            'Firefox 128 on a laptop',
            'Dizüstü bilgisayarda Firefox 128',
            'Firefox 128 en un portátil',
            'Firefox 128 su un portatile',
            'Firefox 128 auf einem Laptop',
            'Firefox 128 op een laptop',
          ),
        },
        { id: 'email', type: 'email', required: true, label: EMAIL, placeholder: EMAIL_PLACEHOLDER },
      ],
    },
  ],
};

/** A support request: the product area, urgency, the account, a description, an attachment. */
export const supportRequest: TemplateSource = {
  id: 'support-request',
  category: 'support',
  name: t(
    'Support request',
    'Destek talebi',
    'Solicitud de soporte',
    'Richiesta di assistenza',
    'Supportanfrage',
    'Supportverzoek',
  ),
  description: t(
    'Route questions to the right team with the area, urgency and an attachment.',
    'Soruları alan, aciliyet ve ek dosyayla doğru ekibe yönlendirin.',
    'Dirige las consultas al equipo adecuado con el área, la urgencia y un adjunto.',
    'Indirizza le richieste al team giusto con area, urgenza e un allegato.',
    'Leite Anfragen mit Bereich, Dringlichkeit und Anhang an das richtige Team.',
    'Stuur vragen naar het juiste team met het onderwerp, de urgentie en een bijlage.',
  ),
  meta: {
    title: t(
      'How can we help?',
      'Size nasıl yardımcı olabiliriz?',
      '¿Cómo podemos ayudarte?',
      'Come possiamo aiutarti?',
      'Wie können wir helfen?',
      'Hoe kunnen we helpen?',
    ),
    submitLabel: SEND,
  },
  settings: {
    completion: {
      message: t(
        'Thanks {{name}}, your request is with our team.',
        'Teşekkürler {{name}}, talebiniz ekibimize iletildi.',
        'Gracias {{name}}, tu solicitud ya está con nuestro equipo.',
        'Grazie {{name}}, la tua richiesta è stata presa in carico dal team.',
        'Danke {{name}}, deine Anfrage ist bei unserem Team.',
        'Bedankt {{name}}, je verzoek ligt bij ons team.',
      ),
    },
  },
  sections: [
    {
      id: 'request',
      title: t(
        'Your request',
        'Talebiniz',
        'Tu solicitud',
        'La tua richiesta',
        'Deine Anfrage',
        'Je verzoek',
      ),
      fields: [
        { id: 'name', type: 'text', required: true, label: FULL_NAME },
        { id: 'email', type: 'email', required: true, label: EMAIL, placeholder: EMAIL_PLACEHOLDER },
        {
          id: 'area',
          type: 'select',
          required: true,
          label: t(
            'What is it about?',
            'Ne hakkında?',
            '¿De qué se trata?',
            'Di cosa si tratta?',
            'Worum geht es?',
            'Waar gaat het over?',
          ),
          options: [
            {
              value: 'account',
              label: t('My account', 'Hesabım', 'Mi cuenta', 'Il mio account', 'Mein Konto', 'Mijn account'),
            },
            {
              value: 'billing',
              label: t(
                'Billing',
                'Faturalandırma',
                'Facturación',
                'Fatturazione',
                'Abrechnung',
                'Facturering',
              ),
            },
            {
              value: 'technical',
              label: t(
                'A technical problem',
                'Teknik bir sorun',
                'Un problema técnico',
                'Un problema tecnico',
                'Ein technisches Problem',
                'Een technisch probleem',
              ),
            },
            {
              value: 'other',
              label: t(
                'Something else',
                'Başka bir şey',
                'Otra cosa',
                'Altro',
                'Etwas anderes',
                'Iets anders',
              ),
            },
          ],
        },
        {
          id: 'invoice',
          type: 'text',
          label: t(
            'Invoice number',
            'Fatura numarası',
            'Número de factura',
            'Numero di fattura',
            'Rechnungsnummer',
            'Factuurnummer',
          ),
          conditionalLogic: {
            action: 'show',
            conditionGroups: [{ conditions: [{ fieldId: 'area', operator: 'equals', value: 'billing' }] }],
          },
        },
        {
          id: 'urgency',
          type: 'radio',
          required: true,
          label: t('Urgency', 'Aciliyet', 'Urgencia', 'Urgenza', 'Dringlichkeit', 'Urgentie'),
          options: [
            { value: 'low', label: SEVERITY.low },
            { value: 'medium', label: SEVERITY.medium },
            { value: 'high', label: SEVERITY.high },
          ],
        },
        {
          id: 'description',
          type: 'textarea',
          required: true,
          label: t(
            'Describe your question',
            'Sorunuzu açıklayın',
            'Describe tu consulta',
            'Descrivi la tua richiesta',
            'Beschreibe dein Anliegen',
            'Beschrijf je vraag',
          ),
          validation: {
            rules: [
              { type: 'minLength', value: 10 },
              { type: 'maxLength', value: 5000 },
            ],
          },
        },
        {
          id: 'attachment',
          type: 'file',
          label: t('Attachment', 'Ek dosya', 'Archivo adjunto', 'Allegato', 'Anhang', 'Bijlage'),
          fileConfig: { maxSizeMB: 10 },
        },
      ],
    },
  ],
};
