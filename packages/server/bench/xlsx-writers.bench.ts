/**
 * The xlsx writers compared on BENCH_XLSX_ROWS (default 100,000) rows of 26 cells, each writer in
 * a fresh process (so each peak resident set is its own): Formloom's (src/export/
 * xlsx-stream.ts) against exceljs's streaming WorkbookWriter. Rows are distinct, fresh from
 * JSON.parse. Output goes to a sink that drops it.
 *
 * Run: node --conditions=source --import tsx packages/server/bench/xlsx-writers.bench.ts
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { createXlsxStream } from '../src/export/index.js';
import { fmt } from './bench-utils.js';

const ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 100_000);
const MB = 1024 * 1024;

function row(i: number): (string | number)[] {
  return JSON.parse(
    JSON.stringify([
      `${i}-session`,
      'completed',
      new Date(1_767_000_000_000 + i * 90_000).toISOString(),
      i * 1.5,
      ...Array.from(
        { length: 20 },
        (_, q) => `Answer ${q} of session ${i}: the price went up ${i % 97} percent 🎉`,
      ),
      `Summary of ${i}`,
      i % 3 === 0 ? 'negative' : 'positive',
    ]),
  );
}

async function run(writer: string) {
  let bytes = 0;
  const sink = () =>
    new Writable({
      write(chunk, _enc, done) {
        bytes += chunk.length;
        setImmediate(done);
      },
    });
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  const t0 = performance.now();
  if (writer === 'formloom') {
    const { input, output } = await createXlsxStream('Sessions');
    const done = pipeline(output, sink());
    for (let i = 0; i < ROWS; i++) {
      if (!input.write(row(i))) await new Promise((resolve) => input.once('drain', resolve));
    }
    input.end();
    await done;
  } else {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink(), useSharedStrings: false });
    const sheet = book.addWorksheet('Sessions');
    for (let i = 0; i < ROWS; i++) sheet.addRow(row(i)).commit();
    sheet.commit();
    await book.commit();
  }
  clearInterval(timer);
  process.send?.({
    writer,
    ms: performance.now() - t0,
    bytes,
    peak: Math.max(peak, process.memoryUsage.rss()),
  });
}

const writer = process.argv[2];
if (writer !== undefined) {
  await run(writer);
} else {
  console.log(
    `xlsx writers over ${fmt(ROWS)} rows (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  for (const name of ['formloom', 'exceljs']) {
    const child = fork(fileURLToPath(import.meta.url), [name], { execArgv: process.execArgv });
    const result = await new Promise<{ ms: number; bytes: number; peak: number }>((resolve) =>
      child.once('message', (m) => resolve(m as never)),
    );
    console.log(
      `${name}: ${fmt(result.ms / 1000, 1)} s, ${fmt(result.bytes / MB, 1)} MB, peak RSS ${fmt(result.peak / MB)} MB`,
    );
  }
}
