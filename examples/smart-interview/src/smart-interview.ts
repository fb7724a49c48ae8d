import type Formloom from '@formloom/sdk';
import type { InterviewStep } from '@formloom/sdk';

/** What our pretend respondent says, one answer per question (the last one repeats). */
const ANSWERS = [
  'Connecting my bank account took three attempts and the error messages were confusing.',
  'The confusing part was that it never said which field was wrong.',
  'I would have liked a checklist of what to prepare before starting.',
  'No, nothing else.',
];

/**
 * A smart form end to end: the owner creates and publishes it; a respondent (here, this script
 * through the public interview methods, as an app of yours could) answers the AI's questions until
 * it has no more; then the owner reads the session's transcript and its AI analysis.
 */
export async function smartInterview(client: Formloom, log: (line: string) => void = console.log) {
  const smartForm = await client.smartForms.create({
    purpose: 'Find out what new customers struggle with during their first week of setting up the product.',
    targetAudience: 'Customers who signed up in the last 30 days',
    maxQuestions: 5,
    languages: ['en'],
  });
  const { shareUrl: code, publicUrl } = await client.smartForms.publish(smartForm.id);
  log(`Published "${smartForm.title}": respondents open ${publicUrl}`);

  // The respondent's side: one question at a time.
  const session = await client.public.startInterview(code);
  let step: InterviewStep = session;
  let turn = 0;
  while (!step.done && step.question !== null) {
    const answer = ANSWERS[Math.min(turn++, ANSWERS.length - 1)]!;
    log(`Q${step.question.index}: ${step.question.text}`);
    log(`A${step.question.index}: ${answer}`);
    step = await client.public.answer(code, session, { questionId: step.question.id, answer });
  }
  const finished = await client.public.finishInterview(code, session);
  log(`Finished: ${finished.closingMessage}`);

  // The owner's side: the analysis arrives shortly after (an AI job).
  for (let wait = 0; wait < 100; wait++) {
    const detail = await client.smartForms.sessions.retrieve(smartForm.id, session.sessionId);
    if (detail.analysis !== null) {
      const { summary, sentiment, keyThemes, ai } = detail.analysis;
      log(`Analysis by ${ai.provider}/${ai.model}${ai.offline ? ' (offline, for development)' : ''}:`);
      log(`  summary: ${summary}`);
      log(`  sentiment: ${sentiment.label} (${sentiment.score})`);
      log(`  themes: ${keyThemes.join(', ')}`);
      return detail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The analysis did not arrive within 20 s: is the server running its AI worker?');
}
