import type { FormSchema } from '@formloom/contract';

/** A condition group of one `equals`. */
export const equals = (fieldId: string, value: string) => ({
  conditions: [{ fieldId, operator: 'equals' as const, value }],
});

/** A paged sign-up: free plans jump past billing, "none" jumps to an ending, big teams end on theirs. */
export function signupSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'Sign up', language: 'en' },
    settings: {
      layout: 'paged',
      completion: { message: 'Thanks {{name}}!' },
      endings: [
        { id: 'bye', title: 'Goodbye', message: 'Maybe next time.' },
        {
          id: 'big',
          title: 'A big team',
          message: 'We will call you about {{seats}} seats, {{name}}.',
          redirectUrl: 'https://example.com/sales',
          conditionGroups: [{ conditions: [{ fieldId: 'seats', operator: 'greaterThan', value: 50 }] }],
        },
      ],
    },
    sections: [
      {
        id: 'plan',
        title: 'Plan',
        order: 0,
        jumps: [
          { conditionGroups: [equals('kind', 'free')], to: { section: 'profile' } },
          { conditionGroups: [equals('kind', 'none')], to: { ending: 'bye' } },
        ],
      },
      { id: 'billing', title: 'Billing', order: 1 },
      { id: 'profile', title: 'Profile', order: 2 },
    ],
    fields: [
      {
        id: 'kind',
        sectionId: 'plan',
        type: 'radio',
        label: 'Plan',
        order: 0,
        required: true,
        options: [
          { label: 'Free', value: 'free' },
          { label: 'Pro', value: 'pro' },
          { label: 'None', value: 'none' },
        ],
      },
      { id: 'seats', sectionId: 'billing', type: 'number', label: 'Seats', order: 0, required: true },
      { id: 'name', sectionId: 'profile', type: 'text', label: 'Name', order: 0, required: true },
    ],
    translations: {
      de: {
        'completion.message': 'Danke {{name}}!',
        'endings.big.title': 'Ein großes Team',
        'endings.big.message': 'Wir rufen Sie wegen {{seats}} Plätzen an, {{name}}.',
      },
    },
  };
}
