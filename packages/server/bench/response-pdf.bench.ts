/**
 * `node --conditions=source --expose-gc --import tsx bench/response-pdf.bench.ts` (docs/server.md
 * "A response as a PDF"): the PDF of a response to a 100-question form, made by the renderer the
 * route uses: time per PDF (median and p95 of BENCH_COUNT, each of distinct answers fresh from
 * JSON.parse), the heap it holds while made, and the file's size. Answers mix the six languages'
 * letters, long paragraphs and short values, so the font subset and the line breaking do real work.
 * Baseline, in the same run and interleaved (the same load on the machine): the same response as
 * the responses' CSV export writes it (`exportStream`: one header row of the questions, one row of
 * the answers), from the same JSON, so the ratio says what a PDF costs over the cheapest file of it.
 *
 * Settings (environment): BENCH_COUNT (PDFs, 200).
 */
import { buffer } from 'node:stream/consumers';
import type { PdfAnswer } from '../src/export/pdf-document.js';
import { renderPdf } from '../src/export/pdf-document.js';
import { exportStream } from '../src/export/table-stream.js';
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

/** The response as a one-row CSV export: the questions as the header, the answers as the row. */
async function csvOf(items: PdfAnswer[]): Promise<Buffer> {
  const { output } = await exportStream(
    (async function* () {
      yield items;
    })(),
    { format: 'csv', columns: items.map((i) => i.label), row: (row: PdfAnswer[]) => row.map((i) => i.value) },
  );
  return buffer(output);
}

const times: number[] = [];
const csvTimes: number[] = [];
let bytes = 0;
let csvBytes = 0;
let peak = 0;
for (let n = 0; n < COUNT; n++) {
  const csvStart = process.hrtime.bigint();
  const csv = await csvOf(JSON.parse(answers(n)));
  csvTimes.push(Number(process.hrtime.bigint() - csvStart) / 1e6);
  csvBytes += csv.length;
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
// The first CSV loads csv-stringify: the median leaves it out as it leaves out the PDF's fonts.
const csvMedian = median(csvTimes);
console.log(
  `baseline, the same responses as a one-row CSV export in the same run: median ${fmt(csvMedian, 2)} ms, ` +
    `${fmt(csvBytes / COUNT / 1024, 1)} KB; the PDF takes ${fmt(median(times) / csvMedian, 1)} times as long and is ` +
    `${fmt(bytes / csvBytes, 1)} times as large`,
);
