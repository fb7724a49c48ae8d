import type { QuizFeedback } from '@formloom/contract';
import { beforeAll, expect, it } from 'vitest';
import { publishForm } from '../../../test/support/page-fixtures.js';
import { capitalsQuiz } from '../../../test/support/quiz-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

/** The page's signed token, as a browser without JavaScript posts it back. */
async function tokenOf(t: TestServer, path: string): Promise<string> {
  const text = await (await fetch(`${t.url}${path}`)).text();
  const token = /name="fl_token" value="([^"]+)"/.exec(text)?.[1];
  if (token === undefined) throw new Error('the page has no fl_token');
  return token;
}

async function submit(t: TestServer, code: string, parts: [string, string][]): Promise<string> {
  const body = new FormData();
  body.append('fl_token', await tokenOf(t, `/f/${code}`));
  for (const [name, value] of parts) body.append(name, value);
  body.append('fl_action', 'submit');
  const res = await fetch(`${t.url}/f/${code}`, { method: 'POST', body, redirect: 'manual' });
  expect(res.status).toBe(303);
  return (await fetch(`${t.url}/f/${res.headers.get('location')}`)).text();
}

describeEachDialect('the public page without JavaScript: a quiz', (t) => {
  const forms: Partial<Record<QuizFeedback, { id: string; code: string }>> = {};

  beforeAll(async () => {
    const { key } = await t.account();
    for (const feedback of ['none', 'after-answer', 'at-end'] as const)
      forms[feedback] = await publishForm(t, key, capitalsQuiz(feedback));
  });

  const answers: [string, string][] = [
    ['france', 'paris'],
    ['primes', '2'],
    ['primes', '4'],
    ['italy', 'rome'],
    ['name', 'Ada <b>'],
  ];

  it.each(['at-end', 'after-answer'] as const)(
    'with feedback %s, the thank-you page shows the marks and each question with its answer and feedback',
    async (feedback) => {
      const thanks = await submit(t, forms[feedback]!.code, answers);
      expect(thanks).toContain('<p class="fl-quiz-score">2 of 3 right, 67%. Passed</p>');
      expect(thanks).toContain('<h3>Your answers</h3>');
      expect(thanks).toContain(
        '<li class="fl-wrong"><p class="fl-quiz-question">Which are prime?</p>\n<p>Your answer: 2, 4</p>\n<p>Not right: 4 is 2 times 2.</p></li>',
      );
      expect(thanks).toContain('<p>Right: Yes, Paris.</p>');
      // No "Check answer" without JavaScript: the page has no button of the quiz.
      expect(await (await fetch(`${t.url}/f/${forms[feedback]!.code}`)).text()).not.toContain('Check answer');
    },
  );

  it('in the language the respondent answered in', async () => {
    const code = forms['at-end']!.code;
    const body = new FormData();
    const text = await (await fetch(`${t.url}/f/${code}?lang=de`)).text();
    body.append('fl_token', /name="fl_token" value="([^"]+)"/.exec(text)![1]!);
    for (const [name, value] of answers) body.append(name, value);
    body.append('fl_action', 'submit');
    const res = await fetch(`${t.url}/f/${code}?lang=de`, { method: 'POST', body, redirect: 'manual' });
    const location = res.headers.get('location')!;
    // The thank-you page's address keeps the language.
    const thanks = await (await fetch(`${t.url}/f/${location}`)).text();
    expect(thanks).toContain('<p class="fl-quiz-score">2 von 3 richtig, 67 %. Bestanden</p>');
    expect(thanks).toContain('<p>Richtig: Ja, Paris.</p>');
  });

  it('a quiz without feedback shows no marks (only an ending that recalls them would)', async () => {
    const thanks = await submit(t, forms.none!.code, answers);
    expect(thanks).toContain('<p id="fl-done-message">Thanks Ada &lt;b&gt;!</p>');
    expect(thanks).not.toContain('fl-quiz');
  });
});
