import { type FormFigures, type FormFiguresQuery, paymentField } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { rangeBound } from '../../platform/date-range.js';
import type { FormsService } from '../forms/index.js';
import { formFigures } from './form-figures.js';

/**
 * GET /v1/forms/:id/figures: `formFigures` of one of the caller's forms, with the drop-off funnel
 * of its pages. Another account's form is a 404 like a missing one (`forms.get`).
 */
export function createFiguresService({
  db,
  forms,
  payments,
}: {
  db: Db;
  forms: Pick<FormsService, 'get' | 'revisionSchemas'>;
  /** A form taking payments: its takings per currency (the payments feature's, given by the app). */
  payments: {
    revenue(scope: {
      accountId: string;
      formId: string;
      from?: string | undefined;
      to?: string | undefined;
    }): Promise<NonNullable<FormFigures['revenue']>>;
  };
}) {
  return {
    async of(accountId: string, formId: string, query: FormFiguresQuery): Promise<FormFigures> {
      const form = await forms.get(accountId, formId);
      const schema = form.schema;
      const range = {
        from: query.startDate === undefined ? undefined : rangeBound(query.startDate, 'start'),
        to: query.endDate === undefined ? undefined : rangeBound(query.endDate, 'end'),
      };
      const figures = await formFigures(
        db,
        {
          accountId,
          formId,
          fields: schema.fields,
          schema,
          schemaOfRevision: forms.revisionSchemas(formId, form.revision),
        },
        { ...range, bucket: query.bucket },
      );
      // A form taking payments adds what it took, per currency (a revision may have changed it).
      const revenue =
        paymentField(schema) === undefined
          ? undefined
          : await payments.revenue({ accountId, formId, ...range });
      // Asked with the schema, the figures always carry the funnel.
      return { ...figures, dropOff: figures.dropOff!, ...(revenue === undefined ? {} : { revenue }) };
    },
  };
}

export type FiguresService = ReturnType<typeof createFiguresService>;
