import type {
  CreateThemeBody,
  Form,
  FormDefinition,
  ImportFormBody,
  ImportFormResult,
  ImportProblem,
  Theme,
} from '@formloom/contract';
import { ConflictError, DomainError } from '../../domain-errors.js';
import type { FormsService } from '../forms/index.js';
import type { ThemesService } from '../themes/index.js';
import { toDefinition } from './importers/formloom.js';
import { IMPORTERS } from './importers/index.js';

export interface TransferServiceDeps {
  clock: () => Date;
  /** Where this server's public addresses start: a document's pictures are named by them. */
  publicUrl: string;
  forms: Pick<FormsService, 'get' | 'create'>;
  themes: Pick<ThemesService, 'get' | 'create' | 'remove'>;
}

/** Forms out as portable documents and in from documents (docs/import.md). */
export function createTransferService({ clock, publicUrl, forms, themes }: TransferServiceDeps) {
  /**
   * The document's theme made the account's: a theme this server refuses (its CSS, the account's
   * number of themes) leaves the form in the default look, and the report says why.
   */
  async function adoptTheme(
    accountId: string,
    theme: CreateThemeBody | undefined,
    report: ImportProblem[],
  ): Promise<Theme | undefined> {
    if (theme === undefined) return undefined;
    try {
      return await themes.create(accountId, theme);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      report.push({ path: '$.theme', problem: `The theme was not created: ${error.message}` });
      return undefined;
    }
  }

  return {
    async definition(accountId: string, formId: string): Promise<FormDefinition> {
      const form = await forms.get(accountId, formId);
      const themeId = form.schema.settings?.themeId;
      const theme = themeId === undefined ? undefined : await themes.get(accountId, themeId);
      return toDefinition(form, theme, publicUrl, clock());
    },

    /**
     * Creates a DRAFT form from `body.definition`. The theme first (the form names it), taken back
     * when the form is refused; a slug another form of the account holds is left out and reported.
     */
    async import(accountId: string, body: ImportFormBody): Promise<ImportFormResult> {
      const read = IMPORTERS[body.source](body.definition);
      const report = [...read.report];
      const title = body.title ?? read.title;
      const theme = await adoptTheme(accountId, read.theme, report);
      const settings = { ...read.schema.settings, ...(theme === undefined ? {} : { themeId: theme.id }) };
      const create = (schema: typeof read.schema): Promise<Form> =>
        forms.create(accountId, { title, schema });
      try {
        try {
          return { form: await create({ ...read.schema, settings }), report };
        } catch (error) {
          const slug = settings.slug;
          if (!(error instanceof ConflictError) || slug === undefined) throw error;
          const { slug: _slug, ...rest } = settings;
          report.push({
            path: '$.schema.settings.slug',
            problem: `Another form of this account has the slug "${slug}": the form has none`,
          });
          return { form: await create({ ...read.schema, settings: rest }), report };
        }
      } catch (error) {
        if (theme !== undefined) await themes.remove(accountId, theme.id);
        throw error;
      }
    },
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
