/**
 * Request body examples for the OpenAPI document, by operationId. The contract tests parse each
 * one with its route's body schema, so an example cannot drift from the contract.
 */
export interface BodyExample {
  summary: string;
  value: unknown;
}

const contactSchema = {
  version: '1.0',
  schemaVersion: '2024-01-01',
  meta: { title: 'Contact us', language: 'en', submitLabel: 'Send' },
  settings: { layout: 'single-column', submitAction: 'default' },
  sections: [{ id: 'main', title: 'Your message', order: 0 }],
  fields: [
    { id: 'name', sectionId: 'main', type: 'text', label: 'Name', order: 0, required: true },
    { id: 'email', sectionId: 'main', type: 'email', label: 'Email', order: 1, required: true },
    {
      id: 'topic',
      sectionId: 'main',
      type: 'select',
      label: 'Topic',
      order: 2,
      options: [
        { label: 'Sales', value: 'sales' },
        { label: 'Support', value: 'support' },
      ],
    },
    {
      id: 'orderNumber',
      sectionId: 'main',
      type: 'text',
      label: 'Order number',
      order: 3,
      validation: { rules: [{ type: 'pattern', value: '^[0-9]{6}$', message: 'Six digits, please' }] },
      conditionalLogic: {
        action: 'show',
        conditionGroups: [{ conditions: [{ fieldId: 'topic', operator: 'equals', value: 'support' }] }],
      },
    },
    {
      id: 'message',
      sectionId: 'main',
      type: 'textarea',
      label: 'Message',
      order: 4,
      validation: { rules: [{ type: 'maxLength', value: 2000 }] },
    },
  ],
};

export const BODY_EXAMPLES: Readonly<Record<string, Readonly<Record<string, BodyExample>>>> = {
  createForm: {
    fromSchema: { summary: 'From a complete schema', value: { title: 'Contact us', schema: contactSchema } },
    blank: {
      summary: 'A blank form',
      value: { title: 'Event feedback', description: 'Tell us how it went', language: 'en' },
    },
  },
  updateForm: {
    close: {
      summary: 'Close after 500 responses or at the end of March',
      value: { expiresAt: '2025-03-31T23:59:59.000Z', settings: { maxResponses: 500 } },
    },
    rename: { summary: 'Rename, remove the description', value: { title: 'Contact', description: null } },
  },
  addField: {
    rating: {
      summary: 'A number field',
      value: {
        id: 'rating',
        sectionId: 'main',
        type: 'number',
        label: 'How likely are you to recommend us (0-10)?',
        order: 5,
        validation: {
          rules: [
            { type: 'min', value: 0 },
            { type: 'max', value: 10 },
          ],
        },
      },
    },
  },
  updateField: {
    relabel: {
      summary: 'New label, no conditional logic',
      value: { label: 'Full name', conditionalLogic: null },
    },
  },
  submitPublicResponse: {
    contact: {
      summary: 'Answers keyed by field id',
      value: {
        answers: { name: 'Ada Lovelace', email: 'ada@example.com', topic: 'sales', message: 'Hello!' },
      },
    },
  },
  createSmartForm: {
    onboarding: {
      summary: 'An onboarding interview',
      value: {
        purpose: 'Understand why new customers chose us and what almost stopped them from signing up.',
        title: 'Onboarding interview',
        targetAudience: 'Customers in their first month',
        languages: ['en'],
        maxQuestions: 8,
      },
    },
  },
  updateSmartForm: {
    shorter: { summary: 'Fewer questions', value: { maxQuestions: 6 } },
  },
  unpublishSmartForm: {
    hard: { summary: 'End running sessions too', value: { mode: 'hard' } },
  },
  chatWithSmartForm: {
    followUp: {
      summary: 'A follow-up question',
      value: {
        message: 'Which of those themes came up most among unhappy respondents?',
        conversationHistory: [
          { role: 'user', content: 'What are the main themes?' },
          { role: 'assistant', content: 'Pricing clarity, onboarding speed and support response times.' },
        ],
      },
    },
  },
  smartFormAnalytics: {
    all: { summary: 'Every completed session', value: {} },
  },
  generateForm: {
    survey: {
      summary: 'A short survey',
      value: { prompt: 'A five-question satisfaction survey for a yoga studio', language: 'en' },
    },
  },
  requestSmartAnalytics: {
    callback: {
      summary: 'Deliver the report to your endpoint',
      value: { callbackUrl: 'https://example.com/hooks/report' },
    },
  },
  analyticsChat: {
    first: { summary: 'Start a chat', value: { message: 'What do respondents like most?' } },
    followUp: {
      summary: 'Follow up in the same session',
      value: { message: 'And what do they dislike?', sessionId: '3f1c2a9e-5b7d-4c1e-9a2b-8d6e4f0a1b2c' },
    },
  },
  createWebhook: {
    responses: {
      summary: 'New responses and publishing',
      value: {
        url: 'https://example.com/hooks/formloom',
        events: ['FORM_RESPONSE_CREATED', 'FORM_PUBLISHED'],
        description: 'CRM sync',
      },
    },
  },
  updateWebhook: {
    reenable: { summary: 'Re-enable after failures', value: { isActive: true } },
  },
  updateConnectionEvents: {
    responsesAndLimits: {
      summary: 'Responses and the response limit',
      value: { events: ['FORM_RESPONSE_CREATED', 'FORM_RESPONSES_LIMIT_REACHED'] },
    },
  },
};
