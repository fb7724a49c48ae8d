import type { FormSchema, QuizFeedback } from '@formloom/contract';

/**
 * A three-question capitals quiz: a radio, a checkbox with two right options, a select shown only
 * to those who chose Paris; feedback on some options, German translations of a few texts, a pass
 * score of 60 %, and an ending for full marks read from `correctCount`.
 */
export function capitalsQuiz(feedback: QuizFeedback = 'after-answer'): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'Capitals', language: 'en' },
    settings: {
      quiz: { feedback, passScore: 60 },
      completion: { message: 'Thanks {{name}}!' },
      endings: [
        {
          id: 'top',
          title: 'Full marks',
          message: '{{right}} of 3, {{name}}!',
          conditionGroups: [{ conditions: [{ fieldId: 'right', operator: 'equals', value: 3 }] }],
        },
      ],
    },
    sections: [{ id: 'quiz', title: 'Quiz', order: 0 }],
    fields: [
      {
        id: 'france',
        sectionId: 'quiz',
        type: 'radio',
        label: 'Capital of France?',
        order: 0,
        options: [
          { label: 'Paris', value: 'paris', correct: true, feedback: 'Yes, Paris.' },
          { label: 'Lyon', value: 'lyon', feedback: 'Lyon is the third city.' },
        ],
      },
      {
        id: 'primes',
        sectionId: 'quiz',
        type: 'checkbox',
        label: 'Which are prime?',
        order: 1,
        options: [
          { label: '2', value: '2', correct: true },
          { label: '3', value: '3', correct: true },
          { label: '4', value: '4', feedback: '4 is 2 times 2.' },
        ],
      },
      {
        id: 'italy',
        sectionId: 'quiz',
        type: 'select',
        label: 'Capital of Italy?',
        order: 2,
        options: [
          { label: 'Rome', value: 'rome', correct: true },
          { label: 'Milan', value: 'milan', feedback: 'Milan is the fashion capital.' },
        ],
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'france', operator: 'equals', value: 'paris' }] }],
        },
      },
      { id: 'name', sectionId: 'quiz', type: 'text', label: 'Your name', order: 3 },
    ],
    variables: [{ id: 'right', type: 'number', expression: { correctCount: true } }],
    translations: {
      de: {
        'fields.france.label': 'Hauptstadt von Frankreich?',
        'fields.france.feedback.paris': 'Ja, Paris.',
        'fields.france.feedback.lyon': 'Lyon ist die drittgrößte Stadt.',
        'endings.top.title': 'Alles richtig',
      },
    },
  };
}
