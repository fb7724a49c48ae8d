import type { FormSchema } from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import { groupsSummary, type SummaryWords } from './condition-summary.js';
import {
  COMPLETION_KEY,
  cut,
  endingKey,
  formMap,
  layoutMap,
  MAP_SIZES,
  type MapWords,
  mapSentences,
  pageKey,
  unreachableSections,
} from './form-map.js';

const summaryWords: SummaryWords = {
  operator: {
    equals: 'is',
    notEquals: 'is not',
    contains: 'contains',
    notContains: 'does not contain',
    startsWith: 'starts with',
    endsWith: 'ends with',
    greaterThan: 'is greater than',
    lessThan: 'is less than',
    greaterThanOrEqual: 'is at least',
    lessThanOrEqual: 'is at most',
    before: 'is before',
    after: 'is after',
    isEmpty: 'is empty',
    isNotEmpty: 'is not empty',
    isChecked: 'is checked',
    isNotChecked: 'is not checked',
  },
  and: ' and ',
  or: ' or ',
  yes: 'yes',
  no: 'no',
};

const words: MapWords = {
  ...summaryWords,
  page: (n, title) => (title === '' ? `Page ${n}` : `Page ${n} '${title}'`),
  ending: (id, title) => `Ending '${title || id}'`,
  completion: 'Default completion',
  ifThen: (condition, target) => `if ${condition}: ${target}`,
  otherwise: (target) => `otherwise: ${target}`,
  next: (target) => `next: ${target}`,
  unreachable: '(unreachable)',
  endingWhen: (condition) => `reached when ${condition}`,
  endingFrom: (pages) => `by a jump from ${pages}`,
  endingNever: 'reached by no path',
};

const is = (fieldId: string, value: string | number) => ({
  conditions: [{ fieldId, operator: 'equals' as const, value }],
});

/** Plan jumps to Pro (skipping Billing) or to the Goodbye ending; a big team ends on its own ending. */
function planSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Plans', language: 'en' },
    settings: {
      layout: 'paged',
      endings: [
        { id: 'bye', title: 'Goodbye' },
        {
          id: 'big',
          title: 'A big team',
          conditionGroups: [{ conditions: [{ fieldId: 'seats', operator: 'greaterThan', value: 50 }] }],
        },
        { id: 'lost', title: '' },
      ],
    },
    sections: [
      { id: 'you', title: 'You', order: 0 },
      {
        id: 'plan',
        title: 'Plan',
        order: 1,
        jumps: [
          { conditionGroups: [is('kind', 'pro')], to: { section: 'pro' } },
          { conditionGroups: [is('kind', 'none')], to: { ending: 'bye' } },
        ],
      },
      { id: 'billing', title: 'Billing', order: 2 },
      { id: 'pro', title: 'Pro', order: 3 },
    ],
    fields: [
      { id: 'name', sectionId: 'you', type: 'text', label: 'Name', order: 0 },
      {
        id: 'kind',
        sectionId: 'plan',
        type: 'radio',
        label: 'Plan',
        order: 0,
        options: [
          { value: 'free', label: 'Free' },
          { value: 'pro', label: 'Pro' },
          { value: 'none', label: 'None' },
        ],
      },
      { id: 'seats', sectionId: 'billing', type: 'number', label: 'Seats', order: 0 },
      { id: 'agree', sectionId: 'pro', type: 'checkbox', label: 'Terms', order: 0 },
    ],
  };
}

describe('the condition summary', () => {
  const schema = planSchema();
  it('names a field by its label, an option by its label, a value-less operator without a value', () => {
    expect(groupsSummary([is('kind', 'pro')], schema, summaryWords)).toBe('Plan is Pro');
    expect(
      groupsSummary([{ conditions: [{ fieldId: 'name', operator: 'isEmpty' }] }], schema, summaryWords),
    ).toBe('Name is empty');
    // A value that is no option, a variable or an unknown id: as written.
    expect(groupsSummary([is('kind', 'gold'), is('score', 3)], schema, summaryWords)).toBe(
      'Plan is gold or score is 3',
    );
  });

  it('joins a group by "and" and groups by "or", a group of several in parentheses among several', () => {
    const both = {
      conditions: [
        { fieldId: 'kind', operator: 'equals' as const, value: 'free' },
        { fieldId: 'seats', operator: 'lessThanOrEqual' as const, value: 5 },
      ],
    };
    expect(groupsSummary([both], schema, summaryWords)).toBe('Plan is Free and Seats is at most 5');
    expect(groupsSummary([both, is('kind', 'pro')], schema, summaryWords)).toBe(
      '(Plan is Free and Seats is at most 5) or Plan is Pro',
    );
    expect(
      groupsSummary(
        [{ conditions: [{ fieldId: 'agree', operator: 'equals', value: true }] }],
        schema,
        summaryWords,
      ),
    ).toBe('Terms is yes');
  });
});

describe('the map of a form', () => {
  it('has the pages in order, the endings, the default completion, and the edges the path takes', () => {
    const map = formMap(planSchema());
    expect(map.nodes.map((n) => n.key)).toEqual([
      pageKey('you'),
      pageKey('plan'),
      pageKey('billing'),
      pageKey('pro'),
      endingKey('bye'),
      endingKey('big'),
      endingKey('lost'),
      COMPLETION_KEY,
    ]);
    expect(map.edges.map((e) => [e.from, e.to, e.kind, e.otherwise])).toEqual([
      [pageKey('you'), pageKey('plan'), 'next', false],
      [pageKey('plan'), pageKey('pro'), 'jump', false],
      [pageKey('plan'), endingKey('bye'), 'jump', false],
      [pageKey('plan'), pageKey('billing'), 'next', true],
      [pageKey('billing'), pageKey('pro'), 'next', false],
      [pageKey('pro'), endingKey('big'), 'end', false],
      [pageKey('pro'), COMPLETION_KEY, 'end', true],
    ]);
  });

  it('says the same in sentences', () => {
    const schema = planSchema();
    expect(mapSentences(formMap(schema), schema, words).map((s) => s.text)).toEqual([
      "Page 1 'You' → next: Page 2 'Plan'",
      "Page 2 'Plan' → if Plan is Pro: Page 4 'Pro'; if Plan is None: Ending 'Goodbye'; otherwise: Page 3 'Billing'",
      "Page 3 'Billing' → next: Page 4 'Pro'",
      "Page 4 'Pro' → if Seats is greater than 50: Ending 'A big team'; otherwise: Default completion",
      "Ending 'Goodbye': by a jump from Page 2 'Plan'",
      "Ending 'A big team': reached when Seats is greater than 50",
      "Ending 'lost': reached by no path",
      'Default completion',
    ]);
  });

  it('marks the sections the engine warns no path reaches, and leaves out jumps the engine passes over', () => {
    const schema = planSchema();
    // Either way through Plan jumps past Billing; a jump back to You is refused and never taken.
    schema.sections[1]!.jumps = [
      {
        conditionGroups: [
          is('kind', 'pro'),
          { conditions: [{ fieldId: 'kind', operator: 'notEquals', value: 'pro' }] },
        ],
        to: { section: 'pro' },
      },
      { conditionGroups: [is('kind', 'none')], to: { section: 'you' } },
    ];
    const unreachable = unreachableSections(schema);
    expect([...unreachable]).toEqual(['billing']);
    const sentences = mapSentences(formMap(schema, unreachable), schema, words).map((s) => s.text);
    expect(sentences[2]).toBe("Page 3 'Billing' (unreachable) → next: Page 4 'Pro'");
    expect(sentences[1]).toBe(
      "Page 2 'Plan' → if Plan is Pro or Plan is not Pro: Page 4 'Pro'; otherwise: Page 3 'Billing'",
    );
  });

  it('takes no jumps in a form that is not paged: its one page leads to the endings', () => {
    const schema = planSchema();
    schema.settings = { ...schema.settings, layout: 'single-column' };
    const map = formMap(schema);
    expect(map.paged).toBe(false);
    expect(map.nodes.filter((n) => n.kind === 'page').map((n) => n.key)).toEqual([pageKey('you')]);
    expect(map.edges.map((e) => [e.to, e.otherwise])).toEqual([
      [endingKey('big'), false],
      [COMPLETION_KEY, true],
    ]);
  });
});

describe('the layout of the map', () => {
  const tops = (path: string) => Number(/ V(-?[\d.]+) H/.exec(path)?.[1]);

  it('puts the pages on one row in order and the endings in a column after the last page', () => {
    const layout = layoutMap(formMap(planSchema()));
    const at = new Map(layout.nodes.map((n) => [n.node.key, n]));
    const pages = ['you', 'plan', 'billing', 'pro'].map((id) => at.get(pageKey(id))!);
    expect(new Set(pages.map((p) => p.y)).size).toBe(1);
    for (let i = 1; i < pages.length; i++)
      expect(pages[i]!.x).toBeGreaterThan(pages[i - 1]!.x + MAP_SIZES.nodeWidth);
    const outs = [endingKey('bye'), endingKey('big'), endingKey('lost'), COMPLETION_KEY].map(
      (k) => at.get(k)!,
    );
    expect(new Set(outs.map((o) => o.x)).size).toBe(1);
    expect(outs[0]!.x).toBeGreaterThan(pages[3]!.x + MAP_SIZES.nodeWidth + MAP_SIZES.columnGap);
    for (let i = 1; i < outs.length; i++)
      expect(outs[i]!.y).toBeGreaterThanOrEqual(outs[i - 1]!.y + MAP_SIZES.nodeHeight);
    // Everything drawn is inside the drawing.
    for (const n of layout.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(0);
      expect(n.y).toBeGreaterThanOrEqual(0);
      expect(n.x + MAP_SIZES.nodeWidth).toBeLessThanOrEqual(layout.width);
      expect(n.y + MAP_SIZES.nodeHeight).toBeLessThanOrEqual(layout.height);
    }
    for (const e of layout.edges) expect(e.label.y).toBeGreaterThan(0);
  });

  it('draws jumps as arcs above the row: overlapping ones on different levels, the shorter lower', () => {
    const layout = layoutMap(formMap(planSchema()));
    const jump = (to: string) => layout.edges.find((e) => e.edge.kind === 'jump' && e.edge.to === to)!;
    const short = jump(pageKey('pro'));
    const long = jump(endingKey('bye'));
    // Both leave Plan: the one over Billing to Pro nests under the one to the endings.
    expect(tops(short.path)).toBeGreaterThan(tops(long.path));
    const row = layout.nodes.find((n) => n.node.kind === 'page')!.y;
    expect(tops(short.path)).toBeLessThan(row);
    // Jumps side by side share the lowest level.
    const schema = planSchema();
    schema.sections[1]!.jumps = [{ conditionGroups: [is('kind', 'pro')], to: { section: 'billing' } }];
    schema.sections[2]!.jumps = [{ conditionGroups: [is('kind', 'pro')], to: { section: 'pro' } }];
    const side = layoutMap(formMap(schema)).edges.filter((e) => e.edge.kind === 'jump');
    expect(side.map((e) => tops(e.path))).toEqual([tops(side[0]!.path), tops(side[0]!.path)]);
    // A "next" edge is a straight line between neighbours.
    expect(layout.edges.find((e) => e.edge.kind === 'next')!.path).toMatch(/^M[\d.]+,[\d.]+ L[\d.]+,[\d.]+$/);
  });

  it('cuts a label to its room', () => {
    expect(cut('Plan is Pro', 20)).toBe('Plan is Pro');
    expect(cut('Plan is Professional', 10)).toBe('Plan is P…');
    expect(cut('Plan', 1)).toBe('…');
  });
});
