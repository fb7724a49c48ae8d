// Ask about a smart form's interviews, read its aggregate analytics, and stream its sessions to
// files in every export format. Run with FORMLOOM_API_KEY, SMART_FORM_ID and (optionally)
// FORMLOOM_BASE_URL and OUT_DIR set:
//   FORMLOOM_API_KEY=formloom_... SMART_FORM_ID=... pnpm --filter @formloom/example-smart-form-insights start
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Formloom } from '@formloom/sdk';

const smartFormId = process.env.SMART_FORM_ID;
if (smartFormId === undefined) throw new Error('Set SMART_FORM_ID to the smart form to read');
const outDir = process.env.OUT_DIR ?? '.';
const client = new Formloom({
  apiKey: process.env.FORMLOOM_API_KEY,
  ...(process.env.FORMLOOM_BASE_URL ? { baseUrl: process.env.FORMLOOM_BASE_URL } : {}),
});

const chat = await client.smartForms.chat(smartFormId, { message: 'What do people complain about most?' });
console.log(`Chat (${chat.sessionsAnalyzed} sessions, ${chat.creditsUsed} credits): ${chat.answer}`);

const analytics = await client.smartForms.analytics(smartFormId);
const top = analytics.themes[0];
console.log(
  `Analytics: ${analytics.sessionCount} sessions, completion ${Math.round(analytics.statistics.completionRate * 100)}%, ` +
    `top theme ${top === undefined ? 'none' : `"${top.theme}" (${top.count})`}`,
);

for (const format of ['csv', 'json', 'xlsx'] as const) {
  // The body streams from the server to the file: a large export never sits in memory.
  const file = await client.smartForms.export(smartFormId, { format });
  const path = join(outDir, file.fileName ?? `sessions.${format}`);
  await pipeline(Readable.fromWeb(file.body as never), createWriteStream(path));
  console.log(`Exported ${format} to ${path} (${(await stat(path)).size} bytes)`);
}
