import { defineTexts } from '../../i18n/texts.js';

/** The builder's words for drafts of a published form and its revisions, in the six languages. */
const en = {
  draftIntro: 'This form is live: your changes are kept as a draft until you publish them.',
  draftPending: 'Your changes are not live yet.',
  publishChanges: 'Publish changes',
  discardChanges: 'Discard changes',
  discardTitle: 'Discard your changes?',
  discardBody: 'The draft goes; the live form stays as it is.',
  publishConflict:
    'The live form was changed by someone else since your draft began. Discard your draft, or copy your changes, reload and make them again.',
  actionFailed: 'That did not work: {message}',
  tabHistory: 'History',
  historyIntro:
    'Each change to the live form is a revision. Restoring one makes it live again as a new revision.',
  noRevisions: 'No revisions yet: the form has not been published.',
  revisionLine: 'Revision {n}',
  revisionBy: '{when} by {who}',
  revisionByServer: '{when}',
  liveRevision: 'live',
  restore: 'Restore revision {n}',
  restoreTitle: 'Restore revision {n}?',
  restoreBody: 'The form becomes what it was in revision {n}, live at once, as a new revision.',
  apiKey: 'an API key',
};
type Key = keyof typeof en;

const de: Record<Key, string> = {
  draftIntro: 'Dieses Formular ist live: Ihre Änderungen bleiben ein Entwurf, bis Sie sie veröffentlichen.',
  draftPending: 'Ihre Änderungen sind noch nicht live.',
  publishChanges: 'Änderungen veröffentlichen',
  discardChanges: 'Änderungen verwerfen',
  discardTitle: 'Ihre Änderungen verwerfen?',
  discardBody: 'Der Entwurf wird gelöscht; das Live-Formular bleibt, wie es ist.',
  publishConflict:
    'Das Live-Formular wurde seit Beginn Ihres Entwurfs von jemand anderem geändert. Verwerfen Sie den Entwurf oder notieren Sie Ihre Änderungen, laden Sie neu und nehmen Sie sie erneut vor.',
  actionFailed: 'Das hat nicht geklappt: {message}',
  tabHistory: 'Verlauf',
  historyIntro:
    'Jede Änderung am Live-Formular ist eine Version. Eine wiederhergestellte Version wird als neue Version live.',
  noRevisions: 'Noch keine Versionen: Das Formular wurde nicht veröffentlicht.',
  revisionLine: 'Version {n}',
  revisionBy: '{when} von {who}',
  revisionByServer: '{when}',
  liveRevision: 'live',
  restore: 'Version {n} wiederherstellen',
  restoreTitle: 'Version {n} wiederherstellen?',
  restoreBody: 'Das Formular wird sofort wieder wie in Version {n}, als neue Version.',
  apiKey: 'einem API-Schlüssel',
};

const es: Record<Key, string> = {
  draftIntro: 'Este formulario está publicado: sus cambios se guardan como borrador hasta que los publique.',
  draftPending: 'Sus cambios aún no están publicados.',
  publishChanges: 'Publicar cambios',
  discardChanges: 'Descartar cambios',
  discardTitle: '¿Descartar sus cambios?',
  discardBody: 'El borrador se elimina; el formulario publicado queda como está.',
  publishConflict:
    'Otra persona cambió el formulario publicado desde que empezó su borrador. Descarte el borrador, o anote sus cambios, recargue y vuelva a hacerlos.',
  actionFailed: 'No ha funcionado: {message}',
  tabHistory: 'Historial',
  historyIntro:
    'Cada cambio del formulario publicado es una revisión. Restaurar una la vuelve a publicar como una revisión nueva.',
  noRevisions: 'Aún no hay revisiones: el formulario no se ha publicado.',
  revisionLine: 'Revisión {n}',
  revisionBy: '{when}, por {who}',
  revisionByServer: '{when}',
  liveRevision: 'publicada',
  restore: 'Restaurar la revisión {n}',
  restoreTitle: '¿Restaurar la revisión {n}?',
  restoreBody:
    'El formulario vuelve a ser como en la revisión {n}, publicado al instante, como revisión nueva.',
  apiKey: 'una clave de API',
};

const it: Record<Key, string> = {
  draftIntro: 'Questo modulo è pubblicato: le modifiche restano una bozza finché non le pubblichi.',
  draftPending: 'Le tue modifiche non sono ancora pubblicate.',
  publishChanges: 'Pubblica le modifiche',
  discardChanges: 'Scarta le modifiche',
  discardTitle: 'Scartare le modifiche?',
  discardBody: 'La bozza viene eliminata; il modulo pubblicato resta com’è.',
  publishConflict:
    'Qualcun altro ha modificato il modulo pubblicato da quando è iniziata la tua bozza. Scarta la bozza, oppure annota le modifiche, ricarica e rifalle.',
  actionFailed: 'Non ha funzionato: {message}',
  tabHistory: 'Cronologia',
  historyIntro:
    'Ogni modifica al modulo pubblicato è una revisione. Ripristinarne una la ripubblica come nuova revisione.',
  noRevisions: 'Nessuna revisione: il modulo non è stato pubblicato.',
  revisionLine: 'Revisione {n}',
  revisionBy: '{when}, da {who}',
  revisionByServer: '{when}',
  liveRevision: 'pubblicata',
  restore: 'Ripristina la revisione {n}',
  restoreTitle: 'Ripristinare la revisione {n}?',
  restoreBody: 'Il modulo torna com’era nella revisione {n}, subito pubblicato, come nuova revisione.',
  apiKey: 'una chiave API',
};

const nl: Record<Key, string> = {
  draftIntro: 'Dit formulier is live: je wijzigingen blijven een concept tot je ze publiceert.',
  draftPending: 'Je wijzigingen zijn nog niet live.',
  publishChanges: 'Wijzigingen publiceren',
  discardChanges: 'Wijzigingen verwerpen',
  discardTitle: 'Je wijzigingen verwerpen?',
  discardBody: 'Het concept verdwijnt; het live formulier blijft zoals het is.',
  publishConflict:
    'Iemand anders heeft het live formulier gewijzigd sinds je concept begon. Verwerp je concept, of noteer je wijzigingen, laad opnieuw en maak ze opnieuw.',
  actionFailed: 'Dat lukte niet: {message}',
  tabHistory: 'Geschiedenis',
  historyIntro:
    'Elke wijziging van het live formulier is een versie. Een versie herstellen maakt haar opnieuw live, als nieuwe versie.',
  noRevisions: 'Nog geen versies: het formulier is niet gepubliceerd.',
  revisionLine: 'Versie {n}',
  revisionBy: '{when} door {who}',
  revisionByServer: '{when}',
  liveRevision: 'live',
  restore: 'Versie {n} herstellen',
  restoreTitle: 'Versie {n} herstellen?',
  restoreBody: 'Het formulier wordt weer zoals in versie {n}, meteen live, als nieuwe versie.',
  apiKey: 'een API-sleutel',
};

const tr: Record<Key, string> = {
  draftIntro: 'Bu form yayında: değişiklikleriniz yayımlayana kadar taslak olarak kalır.',
  draftPending: 'Değişiklikleriniz henüz yayında değil.',
  publishChanges: 'Değişiklikleri yayımla',
  discardChanges: 'Değişiklikleri at',
  discardTitle: 'Değişiklikleriniz atılsın mı?',
  discardBody: 'Taslak silinir; yayındaki form olduğu gibi kalır.',
  publishConflict:
    'Taslağınız başladığından beri yayındaki formu başka biri değiştirdi. Taslağı atın ya da değişikliklerinizi not edip yeniden yükleyin ve tekrar yapın.',
  actionFailed: 'Olmadı: {message}',
  tabHistory: 'Geçmiş',
  historyIntro:
    'Yayındaki formdaki her değişiklik bir sürümdür. Bir sürümü geri yüklemek onu yeni bir sürüm olarak yeniden yayımlar.',
  noRevisions: 'Henüz sürüm yok: form yayımlanmadı.',
  revisionLine: 'Sürüm {n}',
  revisionBy: '{when}, {who}',
  revisionByServer: '{when}',
  liveRevision: 'yayında',
  restore: 'Sürüm {n} geri yükle',
  restoreTitle: 'Sürüm {n} geri yüklensin mi?',
  restoreBody: 'Form, sürüm {n} içindeki haline döner ve yeni bir sürüm olarak hemen yayımlanır.',
  apiKey: 'bir API anahtarı',
};

export const draftTexts = defineTexts(en, { de, es, it, nl, tr });
