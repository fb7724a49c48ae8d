import type { Form, PublishFormResult } from '@formloom/contract';
import { isoNow } from '../../db/json.js';
import { badRequest } from '../../domain-errors.js';
import { schemaOf } from '../../platform/form-schema.js';
import { generateShareCode, publicFormUrl } from '../../platform/share-code.js';
import type { FormEditing } from './form-editing.js';
import { toForm } from './form-mapping.js';

export interface FormPublishingDeps {
  clock: () => Date;
  /** Origin (and optional path prefix) of public links. */
  publicUrl: string;
  /** The optimistic-locking edit every change goes through (`FormEditing.edit`). */
  edit: FormEditing['edit'];
}

/** Publishing (a share code, kept for good) and taking a form back to DRAFT. */
export function createFormPublishing({ clock, publicUrl, edit }: FormPublishingDeps) {
  return {
    async publish(accountId: string, id: string): Promise<PublishFormResult> {
      const row = await edit(accountId, id, 'form.published', (current) => {
        if (current.publish_status === 'PUBLISHED') return undefined;
        const nowIso = isoNow(clock());
        if (current.expires_at !== null && current.expires_at <= nowIso) {
          throw badRequest(
            `Form ${id} expired at ${current.expires_at}; set a later expiresAt (or null) first`,
          );
        }
        const max = schemaOf(current).settings?.maxResponses;
        if (max !== undefined && Number(current.response_count) >= max) {
          throw badRequest(
            `Form ${id} has reached settings.maxResponses (${max}); raise or remove the limit first`,
          );
        }
        return {
          values: {
            publish_status: 'PUBLISHED',
            published_at: nowIso,
            share_code: current.share_code ?? generateShareCode(),
          },
        };
      });
      return {
        id: row.id,
        publishStatus: 'PUBLISHED',
        publishedAt: row.published_at!,
        shareUrl: row.share_code!,
        publicUrl: publicFormUrl(publicUrl, row.share_code!),
      };
    },

    /** Back to DRAFT; the share code is kept, so publishing again revives the same link. */
    async unpublish(accountId: string, id: string): Promise<Form> {
      const row = await edit(accountId, id, 'form.unpublished', (current) =>
        current.publish_status === 'DRAFT' ? undefined : { values: { publish_status: 'DRAFT' } },
      );
      return toForm(row);
    },
  };
}
