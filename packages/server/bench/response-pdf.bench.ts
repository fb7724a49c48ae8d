/**
 * `node --conditions=source --expose-gc --import tsx bench/response-pdf.bench.ts` (docs/server.md
 * "A response as a PDF"): the PDF of a response to a 100-question form, made by the renderer the
 * route uses: time per PDF (median and p95 of BENCH_COUNT, each of distinct answers fresh from
 * JSON.parse), the heap it holds while made, and the file's size. Answers mix the six languages'
 * letters, long paragraphs and short values, so the font subset and the line breaking do real work.
 *
 * Settings (environment): BENCH_COUNT (PDFs, 200).
 */
import { renderPdf } from '../src/export/pdf-document.js';
import { fmt, median } from './bench-utils.js';

const COUNT = Number(process.env.BENCH_COUNT ?? 200);
const WORDS = [
  'Straße',
  'İstanbul',
  'ağaç',
  'niño',
  'città',
  'één',
  'Größe',
  'şeker',
  'qualità',
  'zoë',
  'form',
  'answer',
];

function answers(seed: number): string {
  const items = Array.from({ length: 100 }, (_, i) => {
    const length = (seed * 7 + i * 13) % 5 === 0 ? 60 : 1 + ((seed + i) % 6);
    const value = Array.from({ length }, (_, w) => WORDS[(seed + i * 3 + w) % WORDS.length]).join(' ');
    return { kind: 'answer', label: `Question ${i + 1}: ${WORDS[(i + seed) % WORDS.length]}?`, value };
  });
  return JSON.stringify(items);
}

const times: number[] = [];
let bytes = 0;
let peak = 0;
for (let n = 0; n < COUNT; n++) {
  const items = JSON.parse(answers(n));
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const start = process.hrtime.bigint();
  const pdf = await renderPdf({
    title: `Survey ${n}`,
    subtitle: 'Submitted 30 November 2026 at 10:00 UTC',
    language: 'en',
    items,
    empty: 'No answers.',
    producer: 'Formloom',
  });
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
  peak = Math.max(peak, process.memoryUsage().heapUsed - before);
  bytes += pdf.length;
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `response PDF, 100 questions, ${COUNT} distinct responses: median ${fmt(median(times))} ms, p95 ${fmt(sorted[Math.floor(sorted.length * 0.95)]!)} ms (first ${fmt(times[0]!)} ms, fonts read), ` +
    `${fmt(bytes / COUNT / 1024)} KB a PDF, heap held while made at most ${fmt(peak / 1024 / 1024)} MB`,
);
