import { defineTexts } from '../../i18n/texts.js';

const en = {
  title: 'Payments',
  intro:
    'Forms with a payment field take payments through Stripe Checkout, on your own Stripe account. Set its keys here.',
  stripe: 'Stripe',
  connected: 'Connected',
  notConnected: 'Not connected',
  test: 'Test mode',
  live: 'Live mode',
  modeHint: 'The mode follows the keys: sk_test_… and pk_test_… take test payments, live keys real ones.',
  publishable: 'Publishable key: {key}',
  webhookTitle: 'Webhook endpoint',
  webhookHint:
    'In Stripe: Developers, Webhooks, Add endpoint, with this address and the events checkout.session.completed, charge.refunded and charge.dispute.created. Then copy its signing secret below.',
  copy: 'Copy',
  copied: 'Copied',
  copyWebhook: 'Copy the webhook address',
  keysTitle: 'Keys',
  keysHint:
    'The secret key and the signing secret are stored sealed and never shown again; saving replaces them all.',
  secretKey: 'Secret key',
  publishableKey: 'Publishable key',
  webhookSecret: 'Webhook signing secret',
  save: 'Save keys',
  saved: 'The Stripe keys are saved.',
  disconnect: 'Disconnect Stripe',
  confirmText:
    'Forms with a payment field will take no payments until keys are set again. Responses keep their payments.',
  disconnected: 'Stripe is disconnected.',
  failed: 'That did not work: {message}',
};

export const texts = defineTexts(en, {
  de: {
    title: 'Zahlungen',
    intro:
      'Formulare mit einem Zahlungsfeld nehmen Zahlungen über Stripe Checkout entgegen, auf Ihrem eigenen Stripe-Konto. Hinterlegen Sie hier dessen Schlüssel.',
    stripe: 'Stripe',
    connected: 'Verbunden',
    notConnected: 'Nicht verbunden',
    test: 'Testmodus',
    live: 'Live-Modus',
    modeHint:
      'Der Modus folgt den Schlüsseln: sk_test_… und pk_test_… nehmen Testzahlungen an, Live-Schlüssel echte.',
    publishable: 'Veröffentlichbarer Schlüssel: {key}',
    webhookTitle: 'Webhook-Endpunkt',
    webhookHint:
      'In Stripe: Entwickler, Webhooks, Endpunkt hinzufügen, mit dieser Adresse und den Ereignissen checkout.session.completed, charge.refunded und charge.dispute.created. Kopieren Sie dann sein Signaturgeheimnis unten hinein.',
    copy: 'Kopieren',
    copied: 'Kopiert',
    copyWebhook: 'Die Webhook-Adresse kopieren',
    keysTitle: 'Schlüssel',
    keysHint:
      'Der geheime Schlüssel und das Signaturgeheimnis werden versiegelt gespeichert und nie wieder angezeigt; Speichern ersetzt alle.',
    secretKey: 'Geheimer Schlüssel',
    publishableKey: 'Veröffentlichbarer Schlüssel',
    webhookSecret: 'Webhook-Signaturgeheimnis',
    save: 'Schlüssel speichern',
    saved: 'Die Stripe-Schlüssel sind gespeichert.',
    disconnect: 'Stripe trennen',
    confirmText:
      'Formulare mit einem Zahlungsfeld nehmen keine Zahlungen an, bis wieder Schlüssel hinterlegt sind. Antworten behalten ihre Zahlungen.',
    disconnected: 'Stripe ist getrennt.',
    failed: 'Das hat nicht geklappt: {message}',
  },
  es: {
    title: 'Pagos',
    intro:
      'Los formularios con un campo de pago cobran a través de Stripe Checkout, en su propia cuenta de Stripe. Indique aquí sus claves.',
    stripe: 'Stripe',
    connected: 'Conectado',
    notConnected: 'No conectado',
    test: 'Modo de prueba',
    live: 'Modo real',
    modeHint:
      'El modo sigue a las claves: sk_test_… y pk_test_… cobran pagos de prueba; las claves reales, pagos reales.',
    publishable: 'Clave publicable: {key}',
    webhookTitle: 'Endpoint del webhook',
    webhookHint:
      'En Stripe: Desarrolladores, Webhooks, Añadir endpoint, con esta dirección y los eventos checkout.session.completed, charge.refunded y charge.dispute.created. Después copie abajo su secreto de firma.',
    copy: 'Copiar',
    copied: 'Copiado',
    copyWebhook: 'Copiar la dirección del webhook',
    keysTitle: 'Claves',
    keysHint:
      'La clave secreta y el secreto de firma se guardan sellados y no se vuelven a mostrar; guardar las reemplaza todas.',
    secretKey: 'Clave secreta',
    publishableKey: 'Clave publicable',
    webhookSecret: 'Secreto de firma del webhook',
    save: 'Guardar las claves',
    saved: 'Las claves de Stripe están guardadas.',
    disconnect: 'Desconectar Stripe',
    confirmText:
      'Los formularios con un campo de pago no cobrarán hasta que se vuelvan a indicar claves. Las respuestas conservan sus pagos.',
    disconnected: 'Stripe está desconectado.',
    failed: 'No ha funcionado: {message}',
  },
  it: {
    title: 'Pagamenti',
    intro:
      'I moduli con un campo di pagamento incassano tramite Stripe Checkout, sul suo account Stripe. Ne imposti qui le chiavi.',
    stripe: 'Stripe',
    connected: 'Collegato',
    notConnected: 'Non collegato',
    test: 'Modalità di prova',
    live: 'Modalità live',
    modeHint:
      'La modalità segue le chiavi: sk_test_… e pk_test_… incassano pagamenti di prova, le chiavi live pagamenti reali.',
    publishable: 'Chiave pubblicabile: {key}',
    webhookTitle: 'Endpoint del webhook',
    webhookHint:
      'In Stripe: Sviluppatori, Webhook, Aggiungi endpoint, con questo indirizzo e gli eventi checkout.session.completed, charge.refunded e charge.dispute.created. Poi copi qui sotto il suo segreto di firma.',
    copy: 'Copia',
    copied: 'Copiato',
    copyWebhook: "Copia l'indirizzo del webhook",
    keysTitle: 'Chiavi',
    keysHint:
      'La chiave segreta e il segreto di firma sono conservati sigillati e non vengono più mostrati; salvare le sostituisce tutte.',
    secretKey: 'Chiave segreta',
    publishableKey: 'Chiave pubblicabile',
    webhookSecret: 'Segreto di firma del webhook',
    save: 'Salva le chiavi',
    saved: 'Le chiavi Stripe sono salvate.',
    disconnect: 'Scollega Stripe',
    confirmText:
      'I moduli con un campo di pagamento non incasseranno finché non verranno impostate di nuovo delle chiavi. Le risposte conservano i loro pagamenti.',
    disconnected: 'Stripe è scollegato.',
    failed: 'Non ha funzionato: {message}',
  },
  nl: {
    title: 'Betalingen',
    intro:
      'Formulieren met een betaalveld ontvangen betalingen via Stripe Checkout, op uw eigen Stripe-account. Stel hier de sleutels ervan in.',
    stripe: 'Stripe',
    connected: 'Verbonden',
    notConnected: 'Niet verbonden',
    test: 'Testmodus',
    live: 'Live-modus',
    modeHint:
      'De modus volgt de sleutels: sk_test_… en pk_test_… ontvangen testbetalingen, live-sleutels echte betalingen.',
    publishable: 'Publiceerbare sleutel: {key}',
    webhookTitle: 'Webhook-endpoint',
    webhookHint:
      'In Stripe: Developers, Webhooks, Endpoint toevoegen, met dit adres en de gebeurtenissen checkout.session.completed, charge.refunded en charge.dispute.created. Kopieer daarna het ondertekeningsgeheim hieronder.',
    copy: 'Kopiëren',
    copied: 'Gekopieerd',
    copyWebhook: 'Het webhookadres kopiëren',
    keysTitle: 'Sleutels',
    keysHint:
      'De geheime sleutel en het ondertekeningsgeheim worden verzegeld bewaard en nooit meer getoond; opslaan vervangt ze allemaal.',
    secretKey: 'Geheime sleutel',
    publishableKey: 'Publiceerbare sleutel',
    webhookSecret: 'Ondertekeningsgeheim van de webhook',
    save: 'Sleutels opslaan',
    saved: 'De Stripe-sleutels zijn opgeslagen.',
    disconnect: 'Stripe ontkoppelen',
    confirmText:
      'Formulieren met een betaalveld ontvangen geen betalingen tot er weer sleutels zijn ingesteld. Antwoorden houden hun betalingen.',
    disconnected: 'Stripe is ontkoppeld.',
    failed: 'Dat is niet gelukt: {message}',
  },
  tr: {
    title: 'Ödemeler',
    intro:
      'Ödeme alanı olan formlar, kendi Stripe hesabınızda Stripe Checkout üzerinden ödeme alır. Hesabın anahtarlarını buradan girin.',
    stripe: 'Stripe',
    connected: 'Bağlı',
    notConnected: 'Bağlı değil',
    test: 'Test modu',
    live: 'Canlı mod',
    modeHint:
      'Mod anahtarlara göre belirlenir: sk_test_… ve pk_test_… test ödemeleri, canlı anahtarlar gerçek ödemeler alır.',
    publishable: 'Yayınlanabilir anahtar: {key}',
    webhookTitle: 'Webhook uç noktası',
    webhookHint:
      "Stripe'ta: Geliştiriciler, Webhook'lar, Uç nokta ekle; bu adresle ve checkout.session.completed, charge.refunded ve charge.dispute.created olaylarıyla. Ardından imza sırrını aşağıya kopyalayın.",
    copy: 'Kopyala',
    copied: 'Kopyalandı',
    copyWebhook: 'Webhook adresini kopyala',
    keysTitle: 'Anahtarlar',
    keysHint:
      'Gizli anahtar ve imza sırrı mühürlü saklanır ve bir daha gösterilmez; kaydetmek hepsini değiştirir.',
    secretKey: 'Gizli anahtar',
    publishableKey: 'Yayınlanabilir anahtar',
    webhookSecret: 'Webhook imza sırrı',
    save: 'Anahtarları kaydet',
    saved: 'Stripe anahtarları kaydedildi.',
    disconnect: "Stripe'ın bağlantısını kes",
    confirmText:
      'Ödeme alanı olan formlar, anahtarlar yeniden girilene kadar ödeme almaz. Yanıtlar ödemelerini korur.',
    disconnected: "Stripe'ın bağlantısı kesildi.",
    failed: 'Bu olmadı: {message}',
  },
});
