import { LANGUAGES, type Language } from '../models/limits.js';
import type { FormTemplate } from '../models/template.js';
import { courseEvaluation, knowledgeQuiz } from './education.js';
import { eventRegistration, eventRsvp, volunteerSignup, workshopFeedback } from './events.js';
import {
  cesSurvey,
  csatSurvey,
  marketResearch,
  npsSurvey,
  productFeedback,
  websiteFeedback,
} from './feedback.js';
import { employeeEngagement, exitSurvey, jobApplication } from './people.js';
import {
  appointmentRequest,
  contactForm,
  customerOnboarding,
  donationPledge,
  leadCapture,
  newsletterSignup,
  orderForm,
} from './sales.js';
import { bugReport, supportRequest } from './support.js';
import { type BuiltTemplate, buildTemplate, type TemplateSource } from './template-source.js';

export type { BuiltTemplate } from './template-source.js';

/** Every template as written, in the gallery's order. */
export const TEMPLATE_SOURCES: readonly TemplateSource[] = [
  npsSurvey,
  csatSurvey,
  cesSurvey,
  productFeedback,
  websiteFeedback,
  exitSurvey,
  marketResearch,
  contactForm,
  leadCapture,
  orderForm,
  newsletterSignup,
  appointmentRequest,
  donationPledge,
  customerOnboarding,
  bugReport,
  supportRequest,
  eventRsvp,
  eventRegistration,
  volunteerSignup,
  workshopFeedback,
  jobApplication,
  employeeEngagement,
  knowledgeQuiz,
  courseEvaluation,
];

let built: readonly BuiltTemplate[] | undefined;

/**
 * The library of form templates, each an English schema with translations for the other five
 * languages. Built once, on first use.
 *
 * @example
 * ```ts
 * const nps = formTemplates().find((tpl) => tpl.id === 'nps-survey');
 * nps?.name.de; // 'NPS-Umfrage'
 * ```
 */
export function formTemplates(): readonly BuiltTemplate[] {
  built ??= TEMPLATE_SOURCES.map(buildTemplate);
  return built;
}

/** The template with this id, or undefined. */
export function formTemplate(id: string): BuiltTemplate | undefined {
  return formTemplates().find((template) => template.id === id);
}

/**
 * A template as `GET /v1/templates` answers it: its name and description in `language`, and its
 * schema with every language.
 */
export function templateView(template: BuiltTemplate, language: Language = 'en'): FormTemplate {
  return {
    id: template.id,
    category: template.category,
    name: template.name[language],
    description: template.description[language],
    languages: [
      'en',
      ...LANGUAGES.filter((l) => l !== 'en' && template.schema.translations?.[l] !== undefined),
    ],
    schema: template.schema,
  };
}
