import type { CaptchaProvider } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import type { Wake } from '../../jobs/wake.js';
import { createFormCreation } from './form-creation.js';
import { createFormEditing, type OwnedBySchema } from './form-editing.js';
import { createFormFields } from './form-fields.js';
import { createFormPublishing } from './form-publishing.js';
import { createFormReading } from './form-reading.js';
import { createFormRemoval } from './form-removal.js';
import { createFormRevisions } from './form-revisions.js';
import { createFormTranslations } from './form-translations.js';
import { createFormUpdate } from './form-update.js';
import { createFormsStore, type FormsStore } from './forms-store.js';

export { formNotFound, type VersionedForm } from './form-editing.js';

export interface FormsServiceDeps {
  db: Db;
  clock: () => Date;
  /** Origin (and optional path prefix) of public links. */
  publicUrl: string;
  /**
   * Runs after a form is soft-deleted: its uploaded files are deleted at once (docs/decisions.md: they are
   * the privacy risk).
   */
  onDeleted?: (formId: string) => Promise<void>;
  /**
   * Runs after a save whose schema carries `settings.notifications`: re-saving them is how an
   * owner sends mail again after the outbox disabled the form's mail target (as new settings
   * reconnect a chat connection).
   */
  onNotificationsSaved?: (formId: string) => Promise<void>;
  /** The app's outbox wake-up (`WorkSignals.outbox`): form events are sent at once. */
  outbox?: Wake;
  /** The captcha providers this server verifies: a form may only use one of them (default: none). */
  captchaProviders?: readonly CaptchaProvider[];
  /**
   * The owner uploads (the uploads feature's service): a schema may only name the images of its
   * own account. Declared here, as what forms need of it: uploads already reads forms' types.
   */
  images?: OwnedBySchema;
  /** The themes (the themes feature's service): `settings.themeId` may only name the account's own. */
  themes?: OwnedBySchema;
}

/**
 * What a submission (the responses feature) reads and writes of its form: the form behind a share
 * code, archiving it, counting the response. `trx`: the submission's transaction (or `db`
 * itself outside one); `db`: the database it belongs to; `outbox`: woken when an archiving
 * queued an event. A narrow view, so the forms store stays private to this feature.
 */
export type SubmissionForms = Pick<
  FormsStore,
  | 'findByShareCode'
  | 'findByShareCodeWithoutSchema'
  | 'archive'
  | 'incrementResponses'
  | 'incrementShardedResponses'
  | 'decrementResponses'
  | 'withFullCount'
>;

export function submissionForms(trx: Db, db: Db = trx, outbox?: Wake): SubmissionForms {
  return createFormsStore(trx, db, outbox);
}

/**
 * The forms feature's service: its parts (each a module of this folder, testable alone) built
 * from `deps` and put together. Every change goes through form-editing.ts (load, check, the
 * optimistic-locking edit).
 */
export function createFormsService({
  db,
  clock,
  publicUrl,
  onDeleted,
  onNotificationsSaved,
  outbox,
  captchaProviders = [],
  images,
  themes,
}: FormsServiceDeps) {
  const { load, edit, assertSavable } = createFormEditing({
    db,
    clock,
    publicUrl,
    outbox,
    captchaProviders,
    images,
    themes,
  });
  const { list, get, getVersioned } = createFormReading({ db, clock, outbox, load });
  const { create } = createFormCreation({ db, clock, outbox, assertSavable });
  const { update } = createFormUpdate({ edit, onNotificationsSaved });
  const { remove } = createFormRemoval({ db, clock, outbox, load, onDeleted });
  const { publish, unpublish } = createFormPublishing({ clock, publicUrl, edit });
  const { addField, updateField, deleteField } = createFormFields({ edit });
  const { setTranslations } = createFormTranslations({ db, clock, outbox, captchaProviders });
  const revisions = createFormRevisions({ db, clock, load, edit, assertSavable });
  return {
    load,
    /** The narrow view of the forms a submission reads and writes (`submissionForms`), for the responses feature. */
    submissionForms,
    /** The forms with a retention (`settings.retentionDays`), for the retention chore. */
    retained: () => createFormsStore(db).retained(),
    list,
    get,
    getVersioned,
    create,
    update,
    remove,
    publish,
    unpublish,
    addField,
    setTranslations,
    updateField,
    deleteField,
    ...revisions,
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
