import type { Condition, Field, FieldOption, FormSchema } from '@formloom/contract';

/**
 * The submission benchmark's form: 20 fields in two sections, 8 of them shown only when another
 * answer says so, a dozen validation rules (two patterns), and `maxResponses` set high enough
 * never to be reached so the archive check still runs on every submission. Deterministic, so
 * runs are comparable.
 */

const options = (...values: string[]): FieldOption[] => values.map((value) => ({ label: value, value }));
const when = (condition: Condition): Field['conditionalLogic'] => ({
  action: 'show',
  conditionGroups: [{ conditions: [condition] }],
});

type FieldSpec = Omit<Field, 'order' | 'sectionId'> & { sectionId?: string };

const SPECS: FieldSpec[] = [
  {
    id: 'name',
    type: 'text',
    label: 'Name',
    required: true,
    validation: {
      rules: [
        { type: 'minLength', value: 2 },
        { type: 'maxLength', value: 80 },
      ],
    },
  },
  { id: 'email', type: 'email', label: 'Email', required: true },
  {
    id: 'age',
    type: 'number',
    label: 'Age',
    validation: {
      rules: [
        { type: 'min', value: 16 },
        { type: 'max', value: 120 },
      ],
    },
  },
  {
    id: 'role',
    type: 'select',
    label: 'Role',
    required: true,
    options: options('student', 'engineer', 'manager', 'other'),
  },
  {
    id: 'roleOther',
    type: 'text',
    label: 'Which role?',
    required: true,
    conditionalLogic: when({ fieldId: 'role', operator: 'equals', value: 'other' }),
  },
  {
    id: 'company',
    type: 'text',
    label: 'Company',
    conditionalLogic: when({ fieldId: 'role', operator: 'notEquals', value: 'student' }),
  },
  {
    id: 'teamSize',
    type: 'number',
    label: 'Team size',
    required: true,
    validation: { rules: [{ type: 'min', value: 1 }] },
    conditionalLogic: when({ fieldId: 'role', operator: 'equals', value: 'manager' }),
  },
  { id: 'contact', type: 'radio', label: 'Contact by', required: true, options: options('email', 'phone') },
  {
    id: 'phone',
    type: 'text',
    label: 'Phone',
    required: true,
    validation: { rules: [{ type: 'pattern', value: '^\\+?[0-9 ]{6,20}$', message: 'Digits only' }] },
    conditionalLogic: when({ fieldId: 'contact', operator: 'equals', value: 'phone' }),
  },
  {
    id: 'topics',
    sectionId: 'details',
    type: 'checkbox',
    label: 'Topics',
    options: options('forms', 'api', 'ai', 'other'),
  },
  {
    id: 'topicOther',
    sectionId: 'details',
    type: 'text',
    label: 'Other topic',
    conditionalLogic: when({ fieldId: 'topics', operator: 'contains', value: 'other' }),
  },
  {
    id: 'rating',
    sectionId: 'details',
    type: 'number',
    label: 'Rating',
    required: true,
    validation: {
      rules: [
        { type: 'min', value: 1 },
        { type: 'max', value: 5 },
      ],
    },
  },
  {
    id: 'complaint',
    sectionId: 'details',
    type: 'textarea',
    label: 'What went wrong?',
    required: true,
    conditionalLogic: when({ fieldId: 'rating', operator: 'lessThan', value: 3 }),
  },
  { id: 'startDate', sectionId: 'details', type: 'date', label: 'Start date' },
  {
    id: 'newsletter',
    sectionId: 'details',
    type: 'radio',
    label: 'Newsletter',
    options: options('yes', 'no'),
  },
  {
    id: 'frequency',
    sectionId: 'details',
    type: 'select',
    label: 'How often?',
    required: true,
    options: options('weekly', 'monthly'),
    conditionalLogic: when({ fieldId: 'newsletter', operator: 'equals', value: 'yes' }),
  },
  {
    id: 'website',
    sectionId: 'details',
    type: 'text',
    label: 'Website',
    validation: { rules: [{ type: 'pattern', value: '^https?://\\S+$' }] },
  },
  {
    id: 'referral',
    sectionId: 'details',
    type: 'select',
    label: 'Heard of us from',
    options: options('search', 'friend', 'event'),
  },
  {
    id: 'referrer',
    sectionId: 'details',
    type: 'text',
    label: 'Which friend?',
    conditionalLogic: when({ fieldId: 'referral', operator: 'equals', value: 'friend' }),
  },
  {
    id: 'comments',
    sectionId: 'details',
    type: 'textarea',
    label: 'Comments',
    validation: { rules: [{ type: 'maxLength', value: 1000 }] },
  },
];

export function benchSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Benchmark: 20-field conditional form', language: 'en' },
    settings: { layout: 'single-column', submitAction: 'default', maxResponses: 100_000_000 },
    sections: [
      { id: 'about', title: 'About you', order: 0 },
      { id: 'details', title: 'Details', order: 1 },
    ],
    fields: SPECS.map(({ sectionId, ...spec }, order) => ({
      ...spec,
      sectionId: sectionId ?? 'about',
      order,
    })),
  };
}

/**
 * Valid answers that show six of the eight conditional fields (roleOther and complaint stay
 * hidden), so visibility, the rules of shown fields and the required checks all run.
 */
export function benchAnswers(): Record<string, unknown> {
  return {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    age: 36,
    role: 'manager',
    company: 'Analytical Engines Ltd',
    teamSize: 12,
    contact: 'phone',
    phone: '+44 20 7946 0000',
    topics: ['forms', 'other'],
    topicOther: 'difference engines',
    rating: 4,
    startDate: '2025-03-01',
    newsletter: 'yes',
    frequency: 'monthly',
    website: 'https://example.com/ada',
    referral: 'friend',
    referrer: 'Charles',
    comments: 'Looking forward to the next version of the form builder.',
  };
}
