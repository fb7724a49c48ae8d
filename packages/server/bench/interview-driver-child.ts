/**
 * The other side of interview.bench.ts, in its own process so the server's event loop is alone:
 * the OpenAI stand-in and BENCH_INTERVIEWS respondents at once. As in real use, neither marches in
 * step: the model takes 0.5 to 1.5 times BENCH_MODEL_MS per question, and a respondent thinks 0 to
 * BENCH_THINK_MS before each answer (seeded, so runs are comparable). Reports each step's latency
 * with the answer it carried.
 */
import { performance } from 'node:perf_hooks';
import { startOpenAiStandIn } from '../test/support/openai-stand-in.js';
import { seededRandom } from './bench-form.js';
import { expectStatus } from './bench-utils.js';

export type DriverToServer =
  | { type: 'stand-in'; baseURL: string }
  | { type: 'steps'; steps: { answer: string; ms: number }[]; wallMs: number };
export type ServerToDriver = {
  type: 'run';
  url: string;
  code: string;
  interviews: number;
  questions: number;
};

const random = seededRandom(20261125);
const MODEL_MS = Number(process.env.BENCH_MODEL_MS ?? 800);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 3000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const standIn = await startOpenAiStandIn();
let asked = 0;
standIn.respond = () => ({
  content: JSON.stringify({ done: false, question: `What happened next, part ${++asked}?` }),
  delayMs: MODEL_MS * (0.5 + random()),
});
process.send!({ type: 'stand-in', baseURL: standIn.baseURL } satisfies DriverToServer);

// Distinct answers of varied length, as respondents write them.
const WORDS = [
  'setup',
  'billing',
  'permissions',
  'import',
  'reports',
  'the API',
  'onboarding',
  'support',
  'SSO',
];
function answerText(interview: number, step: number): string {
  const n = 5 + ((interview * 7 + step * 3) % 40);
  const words = Array.from({ length: n }, (_, i) => WORDS[(interview + step + i) % WORDS.length]);
  return `#${interview}.${step} ${words.join(' ')} took longer than planned.`;
}

async function interview(run: ServerToDriver, i: number, steps: { answer: string; ms: number }[]) {
  const base = `${run.url}/v1/public/smart-forms/${run.code}/sessions`;
  const start = await fetch(base, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expectStatus('start', start.status, 201);
  const session = (await start.json()).data;
  let question = session.question;
  for (let step = 0; step < run.questions; step++) {
    const answer = answerText(i, step);
    await sleep(random() * THINK_MS);
    const began = performance.now();
    const res = await fetch(`${base}/${session.sessionId}/answers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-token': session.sessionToken },
      body: JSON.stringify({ questionId: question.id, answer }),
    });
    const ms = performance.now() - began;
    expectStatus('answer', res.status, 200);
    question = (await res.json()).data.question;
    steps.push({ answer, ms });
  }
}

process.on('message', (run: ServerToDriver) => {
  drive(run).catch((error: unknown) => {
    console.error('interview driver failed:', error);
    process.exit(1);
  });
});

async function drive(run: ServerToDriver): Promise<void> {
  const warm: { answer: string; ms: number }[] = [];
  await Promise.all(Array.from({ length: 10 }, (_, i) => interview(run, -1 - i, warm)));
  const steps: { answer: string; ms: number }[] = [];
  const began = performance.now();
  await Promise.all(Array.from({ length: run.interviews }, (_, i) => interview(run, i, steps)));
  await standIn.close();
  // Exit only once the message is out: `send` is asynchronous, and exiting first can lose it.
  process.send!({ type: 'steps', steps, wallMs: performance.now() - began } satisfies DriverToServer, () =>
    process.exit(0),
  );
}
