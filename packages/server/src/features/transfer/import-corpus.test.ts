import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Field, FormSchema, ImportProblem, ImportSource } from '@formloom/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/test-server.js';

/**
 * The corpus: forms of Typeform's Create API and of the Google Forms API, written from their
 * references, each imported through the API. `corpus/expected.json` says, per document, the types
 * of the fields the form must have (in page order) and whether it comes over without a report.
 */
const CORPUS = fileURLToPath(new URL('./corpus', import.meta.url));
type Source = Extract<ImportSource, 'typeform' | 'google_forms'>;
type Doc = Record<string, unknown>;
type Expectation = { types: string[]; lossless: boolean };
const expected = JSON.parse(readFileSync(join(CORPUS, 'expected.json'), 'utf8')) as Record<
  Source,
  Record<string, Expectation>
>;

function documents(source: Source): [string, Doc][] {
  return readdirSync(join(CORPUS, source))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => [
      name.replace(/\.json$/, ''),
      JSON.parse(readFileSync(join(CORPUS, source, name), 'utf8')),
    ]);
}

/** The value at a report's path (`$.fields[2].properties.choices`), or undefined when there is none. */
function at(document: unknown, path: string): unknown {
  const steps = path.slice(1).match(/\.[^.[\]]+|\[\d+\]/g) ?? [];
  expect(steps.join(''), path).toBe(path.slice(1));
  let value: unknown = document;
  for (const step of steps) {
    if (value === null || typeof value !== 'object') return undefined;
    value = step.startsWith('[')
      ? (value as unknown[])[Number(step.slice(1, -1))]
      : (value as Record<string, unknown>)[step.slice(1)];
  }
  return value;
}

/** A question the document asks: where it is, and the words it asks with. */
interface Question {
  path: string;
  title: string;
}

/** Typeform's questions: groups' and contact info's parts are questions too, an address is one. */
function typeformQuestions(doc: Doc): Question[] {
  const questions: Question[] = [];
  const walk = (fields: unknown, path: string) => {
    (Array.isArray(fields) ? fields : []).forEach((field: Doc, i) => {
      const here = `${path}[${i}]`;
      questions.push({ path: here, title: String(field.title ?? '') });
      const props = (field.properties ?? {}) as Doc;
      if (['group', 'inline_group', 'contact_info'].includes(String(field.type)))
        walk(props.fields, `${here}.properties.fields`);
    });
  };
  walk(doc.fields, '$.fields');
  ((doc.hidden ?? []) as string[]).forEach((name, h) => {
    questions.push({ path: `$.hidden[${h}]`, title: name });
  });
  ((doc.thankyou_screens ?? []) as Doc[]).forEach((s, t) => {
    questions.push({ path: `$.thankyou_screens[${t}]`, title: String(s.title) });
  });
  return questions;
}

function googleQuestions(doc: Doc): Question[] {
  return ((doc.items ?? []) as Doc[]).map((item, i) => ({
    path: `$.items[${i}]`,
    title: String(item.title ?? ''),
  }));
}

/** Jumps the document asks for: Typeform's jump actions; Google's choices that go to a section or submit. */
function typeformJumps(doc: Doc): string[] {
  return ((doc.logic ?? []) as Doc[]).flatMap((rule, r) =>
    ((rule.actions ?? []) as Doc[]).flatMap((action, a) =>
      action.action === 'jump' ? [`$.logic[${r}].actions[${a}]`] : [],
    ),
  );
}

function googleJumps(doc: Doc): string[] {
  return ((doc.items ?? []) as Doc[]).flatMap((item, i) => {
    const choice = ((item.questionItem as Doc | undefined)?.question as Doc | undefined)?.choiceQuestion as
      | Doc
      | undefined;
    return ((choice?.options ?? []) as Doc[]).flatMap((option, o) =>
      option.goToSectionId !== undefined ||
      (option.goToAction !== undefined && option.goToAction !== 'NEXT_SECTION')
        ? [`$.items[${i}].questionItem.question.choiceQuestion.options[${o}]`]
        : [],
    );
  });
}

const SOURCES = {
  typeform: { questions: typeformQuestions, jumps: typeformJumps },
  google_forms: { questions: googleQuestions, jumps: googleJumps },
} as const;

/** The words of a title as the form shows them: recalled answers are named differently there. */
const words = (title: string) => title.split('{{')[0]!.trim().slice(0, 60);

function inPageOrder(schema: FormSchema): Field[] {
  const page = new Map(schema.sections.map((s, i) => [s.id, i]));
  return [...schema.fields].sort(
    (a, b) => page.get(a.sectionId)! - page.get(b.sectionId)! || a.order - b.order,
  );
}

describeEachDialect('importing the corpus of Typeform and Google Forms documents', (t) => {
  let key = '';
  beforeAll(async () => {
    key = (await t.account()).key;
  });

  for (const source of ['typeform', 'google_forms'] as const) {
    const corpus = documents(source);
    const expectations = expected[source];

    it(`has at least 20 ${source} documents, each with its expectation`, () => {
      expect(corpus.length).toBeGreaterThanOrEqual(20);
      expect(Object.keys(expectations).sort()).toEqual(corpus.map(([name]) => name));
    });

    for (const [name, doc] of corpus) {
      it(`${source}: ${name} comes over with its questions, reports only what is in the document, and publishes`, async () => {
        const res = await t.request('/v1/forms/import', {
          method: 'POST',
          key,
          json: { source, definition: doc },
        });
        expect(res.status, res.text).toBe(201);
        const { form, report } = res.body.data as {
          form: { id: string; schema: FormSchema };
          report: ImportProblem[];
        };
        const want = expectations[name]!;
        expect(inPageOrder(form.schema).map((f) => f.type)).toEqual(want.types);
        expect(report.length === 0).toBe(want.lossless);

        for (const problem of report)
          expect([problem.path, at(doc, problem.path) !== undefined]).toEqual([problem.path, true]);

        // Nothing silently dropped: each question is in the form, or the report names it (or a part of it).
        const shown = JSON.stringify(form.schema);
        const named = (path: string) =>
          report.some(
            (p) => p.path === path || p.path.startsWith(`${path}.`) || p.path.startsWith(`${path}[`),
          );
        for (const question of SOURCES[source].questions(doc)) {
          const title = words(question.title);
          const present = title !== '' && shown.includes(JSON.stringify(title).slice(1, -1));
          expect([question.path, present || named(question.path)]).toEqual([question.path, true]);
        }
        const jumps = form.schema.sections.reduce((n, s) => n + (s.jumps?.length ?? 0), 0);
        const asked = SOURCES[source].jumps(doc);
        expect(jumps).toBe(asked.filter((path) => !named(path)).length);

        // The draft is a form like any other: it publishes.
        const published = await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key });
        expect(published.status, published.text).toBe(200);
      });
    }
  }
});
