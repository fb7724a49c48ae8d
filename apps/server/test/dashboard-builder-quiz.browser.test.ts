import type { FormSchema } from '@formloom/contract';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import {
  builderSaved,
  expectAccessibleAtPhoneWidth,
  openBuilder,
  useDashboardServer,
} from './dashboard-support.js';

const executable = chromiumOrSkip();
const DESKTOP = { width: 1280, height: 1100 };

/** A radio question and a text field, not a quiz yet. */
const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Capitals', language: 'en' },
  sections: [{ id: 'main', title: 'Quiz', order: 0 }],
  fields: [
    {
      id: 'france',
      sectionId: 'main',
      type: 'radio',
      label: 'Capital of France?',
      order: 0,
      options: [
        { label: 'Paris', value: 'paris' },
        { label: 'Lyon', value: 'lyon' },
      ],
    },
    { id: 'name', sectionId: 'main', type: 'text', label: 'Your name', order: 1 },
  ],
};

describe.skipIf(executable === undefined)('the builder in Chromium: a quiz', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-builder-quiz-');

  it('makes the form a quiz, marks an option right with feedback by keyboard, warns of a quiz without questions; the API reads it back', async () => {
    const opened = await pages.open('about:blank', DESKTOP);
    const form = await openBuilder(opened, server(), schema);
    const { page, problems } = opened;
    page.setDefaultTimeout(30_000);
    const saved = () => builderSaved(opened);
    const stored = async () => (await server().api.forms.retrieve(form.id)).schema;

    // Not a quiz: a choice question shows no right answers to mark.
    await page.getByRole('button', { name: 'Edit Capital of France?' }).click();
    const properties = page.getByRole('region', { name: /^Properties/ });
    expect(await properties.getByRole('checkbox', { name: /is a right answer/ }).count()).toBe(0);

    // The form becomes a quiz, with feedback at the end and a pass score.
    await page.getByRole('tab', { name: 'Texts and completion' }).click();
    const panel = page.getByRole('group', { name: 'Quiz' });
    const isQuiz = panel.getByRole('checkbox', { name: 'This form is a quiz' });
    await isQuiz.focus();
    await page.keyboard.press('Space');
    expect(await isQuiz.isChecked()).toBe(true);
    await panel.getByText('No choice question has an option marked right yet', { exact: false }).waitFor();
    await panel.getByRole('combobox', { name: 'Feedback to the respondent' }).selectOption('at-end');
    await panel.getByRole('textbox', { name: /^Pass score in percent/ }).fill('60');
    await saved();
    expect((await stored()).settings?.quiz).toEqual({ feedback: 'at-end', passScore: 60 });
    expect(await axeViolations(page)).toEqual([]);

    // The right answer and feedback, by keyboard.
    await page.getByRole('tab', { name: 'Build' }).click();
    await page.getByRole('button', { name: 'Edit Capital of France?' }).click();
    const right = properties.getByRole('checkbox', { name: 'Option 1 (Paris) is a right answer' });
    await right.focus();
    await page.keyboard.press('Space');
    await properties
      .getByRole('textbox', { name: 'Feedback on option 2 (Lyon)' })
      .fill('Lyon is the third city.');
    await saved();
    expect((await stored()).fields[0]!.options).toEqual([
      { label: 'Paris', value: 'paris', correct: true },
      { label: 'Lyon', value: 'lyon', feedback: 'Lyon is the third city.' },
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await expectAccessibleAtPhoneWidth(opened);

    // The quiz has a question now: no warning.
    await page.getByRole('tab', { name: 'Texts and completion' }).click();
    await panel.waitFor();
    expect(
      await panel.getByText('No choice question has an option marked right yet', { exact: false }).count(),
    ).toBe(0);

    // The feedback is translatable.
    await page.getByRole('tab', { name: 'Translations' }).click();
    await page.getByRole('tabpanel', { name: 'Translations' }).getByLabel('Language').selectOption('de');
    const box = page.getByRole('textbox', { name: 'Translation of fields.france.feedback.lyon' });
    expect(await box.getAttribute('placeholder')).toBe('Lyon is the third city.');
    // The 401: the dashboard's session check before signing in.
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 180_000);
});
