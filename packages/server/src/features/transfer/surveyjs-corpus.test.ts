import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/test-server.js';

const dir = new URL('./corpus/surveyjs/', import.meta.url);
const documents = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({
    name,
    survey: JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as Record<string, unknown>,
  }));

/** The value at a report's path (`$.pages[0].elements[2].visibleIf`) in the document, or undefined. */
function at(document: unknown, path: string): unknown {
  let value: unknown = document;
  for (const [, key, index] of path.slice(1).matchAll(/\.([A-Za-z_]\w*)|\[(\d+)\]/g)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key ?? Number(index)];
  }
  return value;
}

/** Every question of the survey with a name, and where it is. */
function questions(survey: Record<string, unknown>): { name: string; path: string; type: string }[] {
  const out: { name: string; path: string; type: string }[] = [];
  const walk = (elements: unknown, path: string) => {
    if (!Array.isArray(elements)) return;
    elements.forEach((el: Record<string, unknown>, i) => {
      const here = `${path}[${i}]`;
      if (typeof el.name === 'string' && el.type !== 'panel')
        out.push({ name: el.name, path: here, type: String(el.type) });
      walk(el.elements, `${here}.elements`);
      walk(el.templateElements, `${here}.templateElements`);
    });
  };
  if (Array.isArray(survey.pages))
    survey.pages.forEach((p: Record<string, unknown>, i) => {
      walk(p.elements, `$.pages[${i}].elements`);
    });
  walk(survey.elements, '$.elements');
  walk(survey.questions, '$.questions');
  return out;
}

describeEachDialect('SurveyJS corpus, imported through the API', (t) => {
  let key = '';
  beforeAll(async () => {
    key = (await t.account()).key;
  });

  it(`imports each of the ${documents.length} surveys, names each gap by a path of the survey, and drops nothing unsaid`, async () => {
    expect(documents.length).toBeGreaterThanOrEqual(20);
    const tally = { whole: 0, gaps: 0 };
    for (const { name, survey } of documents) {
      const res = await t.request('/v1/forms/import', {
        method: 'POST',
        key,
        json: { source: 'surveyjs', definition: survey },
      });
      expect([name, res.status, res.status === 201 ? '' : res.text]).toEqual([name, 201, '']);
      const { form, report } = res.body.data as {
        form: {
          id: string;
          schema: { fields: { id: string; type: string }[]; sections: { id: string; repeat?: unknown }[] };
        };
        report: { path: string; problem: string }[];
      };
      for (const { path } of report) {
        for (const part of path.split(' (')[0]!.split(' + ')) {
          expect([name, part, at(survey, part) !== undefined]).toEqual([name, part, true]);
        }
      }
      const ids = new Set([...form.schema.fields.map((f) => f.id), ...form.schema.sections.map((s) => s.id)]);
      for (const question of questions(survey)) {
        const kept = [...ids].some((id) => id === question.name || id.startsWith(`${question.name}_`));
        const said = report.some(
          (r) =>
            r.path === question.path ||
            r.path.startsWith(`${question.path}.`) ||
            r.path.startsWith(`${question.path} `),
        );
        expect([name, question.name, kept || said]).toEqual([name, question.name, true]);
      }
      const published = await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key });
      expect([name, published.status]).toEqual([name, 200]);
      if (report.length === 0) tally.whole++;
      else tally.gaps++;
    }
    expect(tally.whole + tally.gaps).toBe(documents.length);
    expect(tally.whole).toBeGreaterThan(0);
  });
});
