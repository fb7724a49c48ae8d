import type { FormSchema, ImportProblem, ImportSource, PortableTheme } from '@formloom/contract';
import { fromDefinition } from './formloom.js';
import { fromGoogleForms } from './google-forms.js';
import { fromSurveyJs } from './surveyjs.js';
import { fromTypeform } from './typeform.js';

/**
 * What an importer reads out of another tool's document: the form to create, the theme it wears (a
 * Formloom document's), and each part it could not carry over, by its path in the document.
 */
export interface ImportedForm {
  title: string;
  schema: FormSchema;
  theme: PortableTheme | undefined;
  report: ImportProblem[];
}

/**
 * One importer per source: a pure function from the source's document to a form. A document that
 * is not of its source throws a 400 naming each problem; anything it cannot map goes in `report`.
 */
export const IMPORTERS: Record<ImportSource, (document: unknown) => ImportedForm> = {
  formloom: fromDefinition,
  surveyjs: fromSurveyJs,
  typeform: fromTypeform,
  google_forms: fromGoogleForms,
};
