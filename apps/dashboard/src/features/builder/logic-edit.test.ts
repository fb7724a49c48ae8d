import { type FormSchema, MAX_ENDINGS, type SectionJump } from '@formloom/contract';
import { checkSchema } from '@formloom/contract/integrity';
import { describe, expect, it } from 'vitest';
import {
  addEnding,
  jumpsTo,
  jumpTargets,
  removeEnding,
  renameEnding,
  replaceEnding,
  setEndings,
  setJumps,
} from './logic-edit.js';
import { moveItem } from './schema-edit.js';

const when = (value: string) => [{ conditions: [{ fieldId: 'kind', operator: 'equals' as const, value }] }];

/** Plan (with jumps to profile and the ending bye), billing, profile; endings bye and big. */
const paged = (): FormSchema => ({
  version: '1.0',
  schemaVersion: '2024-01-01',
  meta: { title: 'T', language: 'en' },
  settings: {
    layout: 'paged',
    endings: [
      { id: 'bye', title: 'Goodbye' },
      { id: 'big', message: 'A big team' },
    ],
  },
  // Listed out of order: the targets follow `order`.
  sections: [
    { id: 'profile', title: 'Profile', order: 2 },
    {
      id: 'plan',
      title: 'Plan',
      order: 0,
      jumps: [
        { conditionGroups: when('free'), to: { section: 'profile' } },
        { conditionGroups: when('none'), to: { ending: 'bye' } },
      ],
    },
    { id: 'billing', title: '', order: 1, jumps: [{ conditionGroups: when('x'), to: { ending: 'bye' } }] },
  ],
  fields: [
    {
      id: 'kind',
      sectionId: 'plan',
      type: 'radio',
      label: 'Kind',
      order: 0,
      options: ['free', 'none', 'pro', 'x'].map((v) => ({ label: v, value: v })),
    },
  ],
  translations: { de: { 'endings.bye.title': 'Tschüss', 'endings.big.message': 'Ein großes Team' } },
});

const jumpsOf = (schema: FormSchema, id: string) => schema.sections.find((s) => s.id === id)!.jumps;

describe('jumps', () => {
  it('go only to later sections, in order, and to the endings', () => {
    expect(jumpTargets(paged(), 'plan').map((t) => [t.value, t.name])).toEqual([
      ['section:billing', 'billing'],
      ['section:profile', 'Profile'],
      ['ending:bye', 'Goodbye'],
      ['ending:big', 'big'],
    ]);
    expect(jumpTargets(paged(), 'profile').map((t) => t.value)).toEqual(['ending:bye', 'ending:big']);
  });

  it('are set, reordered (the first that matches wins) and removed with the key', () => {
    const schema = paged();
    const reordered = setJumps(schema, 'plan', moveItem(jumpsOf(schema, 'plan')!, 1, 0));
    expect(jumpsOf(reordered, 'plan')!.map((j) => j.to)).toEqual([{ ending: 'bye' }, { section: 'profile' }]);
    expect(checkSchema(reordered)).toEqual([]);
    const none = setJumps(reordered, 'plan', []);
    expect(none.sections.find((s) => s.id === 'plan')).not.toHaveProperty('jumps');
  });
});

describe('endings', () => {
  it('a new one gets a fresh id and is valid; none past the limit', () => {
    const [schema, id] = addEnding(paged(), 'Well done');
    expect(id).toBe('ending_1');
    expect(schema.settings?.endings?.at(-1)).toEqual({ id: 'ending_1', title: 'Well done' });
    expect(checkSchema(schema)).toEqual([]);
    let full = setEndings(paged(), []);
    for (let n = 0; n < MAX_ENDINGS; n++) full = addEnding(full, `E${n}`)[0];
    expect(full.settings?.endings).toHaveLength(MAX_ENDINGS);
    expect(addEnding(full, 'one more')).toEqual([full, undefined]);
  });

  it('removing one removes the jumps that went to it and its translations, leaving a valid form', () => {
    const schema = paged();
    expect(jumpsTo(schema, 'bye')).toBe(2);
    const removed = removeEnding(schema, 'bye');
    expect(removed.settings?.endings?.map((e) => e.id)).toEqual(['big']);
    expect(jumpsOf(removed, 'plan')).toEqual([{ conditionGroups: when('free'), to: { section: 'profile' } }]);
    expect(jumpsOf(removed, 'billing')).toBeUndefined();
    expect(removed.translations).toEqual({ de: { 'endings.big.message': 'Ein großes Team' } });
    expect(checkSchema(removed)).toEqual([]);
    // The last one: settings keep the layout, lose the list.
    expect(removeEnding(removed, 'big').settings).toEqual({ layout: 'paged' });
  });

  it('renaming one carries its jumps and translations along; an id another ending has is refused', () => {
    const renamed = renameEnding(paged(), 'bye', 'later');
    expect(jumpsOf(renamed, 'plan')![1]!.to).toEqual({ ending: 'later' });
    expect(jumpsOf(renamed, 'billing')![0]!.to).toEqual({ ending: 'later' });
    expect(renamed.translations?.de).toEqual({
      'endings.later.title': 'Tschüss',
      'endings.big.message': 'Ein großes Team',
    });
    expect(checkSchema(renamed)).toEqual([]);
    const clash = paged();
    expect(renameEnding(clash, 'bye', 'big')).toBe(clash);
  });

  it('an emptied text goes with its translations, emptied conditions are none', () => {
    const schema = replaceEnding(paged(), { id: 'big', message: '', title: 'Big', conditionGroups: [] });
    expect(schema.settings?.endings?.[1]).toEqual({ id: 'big', title: 'Big' });
    expect(schema.translations).toEqual({ de: { 'endings.bye.title': 'Tschüss' } });
    expect(checkSchema(schema)).toEqual([]);
  });

  it('with conditions: checked as any other conditions', () => {
    const conditioned = replaceEnding(paged(), {
      id: 'big',
      message: 'A big team',
      conditionGroups: [{ conditions: [{ fieldId: 'nobody', operator: 'equals', value: 'x' }] }],
    });
    expect(checkSchema(conditioned).map((p) => p.path)).toContain(
      '$.settings.endings[1].conditionGroups[0].conditions[0].fieldId',
    );
    const jump: SectionJump = { conditionGroups: when('pro'), to: { section: 'plan' } };
    expect(checkSchema(setJumps(paged(), 'billing', [jump])).map((p) => p.code)).toEqual(['jump_backwards']);
  });
});
