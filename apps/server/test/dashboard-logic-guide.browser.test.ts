import type { FormSchema } from '@formloom/contract';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { openBuilder, screenshot, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();
const DESKTOP = { width: 1280, height: 1000 };

const kindIs = (value: string) => [{ conditions: [{ fieldId: 'kind', operator: 'equals' as const, value }] }];

/**
 * The form of docs/logic.md: a paged sign-up quiz with two jumps, two endings (one chosen by the
 * score), a calculation and recall.
 */
const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Team quiz', language: 'en' },
  settings: {
    layout: 'paged',
    quiz: { feedback: 'after-answer', passScore: 50 },
    completion: { message: 'Thanks {{name}}!' },
    endings: [
      { id: 'bye', title: 'Goodbye', message: 'Maybe next time.' },
      {
        id: 'expert',
        title: 'An expert',
        message: '{{right}} of 2 right, {{name}}.',
        conditionGroups: [{ conditions: [{ fieldId: 'right', operator: 'equals', value: 2 }] }],
      },
    ],
  },
  sections: [
    {
      id: 'plan',
      title: 'Plan',
      order: 0,
      jumps: [
        { conditionGroups: kindIs('free'), to: { section: 'quiz' } },
        { conditionGroups: kindIs('none'), to: { ending: 'bye' } },
      ],
    },
    { id: 'billing', title: 'Billing', order: 1 },
    { id: 'quiz', title: 'Quiz', order: 2 },
  ],
  fields: [
    {
      id: 'kind',
      sectionId: 'plan',
      type: 'radio',
      label: 'Which plan?',
      order: 0,
      options: [
        { label: 'Free', value: 'free' },
        { label: 'Pro', value: 'pro' },
        { label: 'None', value: 'none' },
      ],
    },
    { id: 'name', sectionId: 'plan', type: 'text', label: 'Your name', order: 1 },
    { id: 'card', sectionId: 'billing', type: 'text', label: 'Card holder, {{name}}', order: 0 },
    {
      id: 'capital',
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
        { label: '4', value: '4' },
      ],
    },
  ],
  variables: [{ id: 'right', type: 'number', expression: { correctCount: true } }],
};

describe.skipIf(executable === undefined)('the pictures of the Logic guide', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-logic-guide-');

  it('shows jumps, endings, the quiz, a calculation, the map and the history as the guide describes them', async () => {
    const opened = await pages.open('about:blank', DESKTOP);
    const form = await openBuilder(opened, server(), schema);
    const { page, problems } = opened;
    page.setDefaultTimeout(30_000);

    // Jumps: on the page they leave.
    await page.getByRole('button', { name: 'Edit Page 1: Plan' }).click();
    const properties = page.getByRole('region', { name: /^Properties/ });
    const jumps = properties.getByRole('group', { name: 'Jumps' });
    // A line each, until one is edited.
    expect(await jumps.getByRole('region', { name: 'Jump 1' }).textContent()).toContain(
      'If Which plan? is Free → Page: Quiz',
    );
    expect(await jumps.getByRole('region', { name: 'Jump 2' }).textContent()).toContain(
      'If Which plan? is None → Ending: Goodbye',
    );
    await screenshot(jumps, 'logic-jumps.png');

    // Endings and the quiz: under Texts and completion.
    await page.getByRole('tab', { name: 'Texts and completion' }).click();
    const texts = page.getByRole('tabpanel', { name: 'Texts and completion' });
    expect(await texts.getByRole('combobox', { name: 'Ending 2 title' }).inputValue()).toBe('An expert');
    await screenshot(page, 'logic-endings.png', true);

    // The calculation: "count of correct answers" by pickers, not JSON.
    await page.getByRole('tab', { name: 'Variables and prefill' }).click();
    const logic = page.getByRole('tabpanel', { name: 'Variables and prefill' });
    await logic.locator('option[value="correctCount"]').first().waitFor({ state: 'attached' });
    expect(await logic.locator('option[value="correctCount"]:checked').count()).toBe(1);
    await screenshot(logic, 'logic-calculation.png');

    // The map: pages, jumps and endings, with the list that says the same.
    await page.getByRole('tab', { name: 'Map' }).click();
    const map = page.getByRole('tabpanel', { name: 'Map' });
    await map.getByText(/if Which plan\? is Free: Page 3 'Quiz'/).waitFor();
    await screenshot(map, 'logic-map.png');

    // Published and changed: the history has two revisions.
    await server().api.forms.publish(form.id);
    await server().api.forms.update(form.id, { title: 'Team quiz 2027' });
    await page.reload();
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('list', { name: 'History' });
    await history.getByText('Revision 2').waitFor();
    expect(await history.getByRole('listitem').count()).toBe(2);
    await screenshot(page.getByRole('tabpanel', { name: 'History' }), 'logic-history.png');

    // The same in German: a draft waiting to be published, and the history.
    const stored = await server().api.forms.retrieve(form.id);
    await server().api.forms.draft.save(form.id, {
      schema: { ...stored.schema, meta: { ...stored.schema.meta, title: 'Team-Quiz 2027' } },
    });
    await page.reload();
    await page.locator('header select').selectOption('de');
    const bar = page.getByTestId('draft-bar');
    await bar.getByText('Ihre Änderungen sind noch nicht live.').waitFor();
    await bar.getByRole('button', { name: 'Änderungen veröffentlichen' }).waitFor();
    await screenshot(bar, 'logic-draft-de.png');
    await page.getByRole('tab', { name: 'Verlauf' }).click();
    const verlauf = page.getByRole('tabpanel', { name: 'Verlauf' });
    await verlauf.getByText('Version 2').waitFor();
    await screenshot(verlauf, 'logic-history-de.png');
    await page.locator('header select').selectOption('en');
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 180_000);
});
