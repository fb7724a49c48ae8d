import type { FormEnding, FormSchema, Language, Section, SectionJump } from '@formloom/contract';
import { MAX_ENDINGS } from '@formloom/contract';
import { replaceSection, sectionsOf, setTranslation } from './schema-edit.js';

/**
 * The builder's edits of jumps and endings (docs/form-model.md "Jumps and endings") as pure
 * functions of the schema, beside schema-edit.ts's.
 */

/** Where a jump may go from a section: a later section, or an ending. */
export interface JumpChoice {
  /** `section:<id>` or `ending:<id>`: one value for a select. */
  value: string;
  to: SectionJump['to'];
  kind: 'section' | 'ending';
  id: string;
  /** The section's title or the ending's (its id when it has none). */
  name: string;
}

/** A jump's target as one select value. */
export const targetValue = (to: SectionJump['to']): string =>
  'section' in to ? `section:${to.section}` : `ending:${to.ending}`;

/** The targets a jump out of `sectionId` may name: the later sections in order, then the endings. */
export function jumpTargets(schema: FormSchema, sectionId: string): JumpChoice[] {
  const order = sectionsOf(schema);
  const at = order.findIndex((s) => s.id === sectionId);
  const sections: JumpChoice[] = order.slice(at + 1).map((s) => ({
    value: `section:${s.id}`,
    to: { section: s.id },
    kind: 'section',
    id: s.id,
    name: s.title || s.id,
  }));
  const endings: JumpChoice[] = (schema.settings?.endings ?? []).map((e) => ({
    value: `ending:${e.id}`,
    to: { ending: e.id },
    kind: 'ending',
    id: e.id,
    name: e.title ?? e.id,
  }));
  return [...sections, ...endings];
}

/** A section's jumps replaced (none: the key goes). */
export function setJumps(schema: FormSchema, sectionId: string, jumps: SectionJump[]): FormSchema {
  const section = schema.sections.find((s) => s.id === sectionId);
  if (section === undefined) return schema;
  const { jumps: _old, ...rest } = section;
  return replaceSection(schema, jumps.length === 0 ? rest : ({ ...rest, jumps } as Section));
}

/** The settings with `endings` replaced (none: the key goes, and settings with nothing left). */
export function setEndings(schema: FormSchema, endings: FormEnding[]): FormSchema {
  const { endings: _old, ...settings } = schema.settings ?? {};
  const next = endings.length === 0 ? settings : { ...settings, endings };
  const { settings: _drop, ...rest } = schema;
  return Object.keys(next).length === 0 ? rest : { ...rest, settings: next };
}

/** An ending id not used yet: `ending_<n>`. */
export function freshEndingId(schema: FormSchema): string {
  const taken = new Set((schema.settings?.endings ?? []).map((e) => e.id));
  for (let n = 1; ; n++) if (!taken.has(`ending_${n}`)) return `ending_${n}`;
}

/** A new ending with a title, last in the list; the schema unchanged at `MAX_ENDINGS`. */
export function addEnding(schema: FormSchema, title: string): [FormSchema, string | undefined] {
  const endings = schema.settings?.endings ?? [];
  if (endings.length >= MAX_ENDINGS) return [schema, undefined];
  const id = freshEndingId(schema);
  return [setEndings(schema, [...endings, { id, title }]), id];
}

/** The jumps that go to an ending: how many, in how many sections. */
export function jumpsTo(schema: FormSchema, endingId: string): number {
  return schema.sections.reduce(
    (n, s) => n + (s.jumps ?? []).filter((j) => 'ending' in j.to && j.to.ending === endingId).length,
    0,
  );
}

/** Every section's jumps passed through `change` (a section left without jumps loses the key). */
function mapJumps(schema: FormSchema, change: (jumps: SectionJump[]) => SectionJump[]): FormSchema {
  let next = schema;
  for (const section of schema.sections) {
    if (section.jumps === undefined) continue;
    const jumps = change(section.jumps);
    if (jumps.length !== section.jumps.length || jumps.some((j, i) => j !== section.jumps![i]))
      next = setJumps(next, section.id, jumps);
  }
  return next;
}

/** The translations of an ending's texts moved to another id, or removed (`to` undefined). */
function moveEndingTexts(schema: FormSchema, from: string, to: string | undefined): FormSchema {
  let next = schema;
  for (const [language, table] of Object.entries(schema.translations ?? {}) as [
    Language,
    Record<string, string>,
  ][]) {
    for (const part of ['title', 'message']) {
      const text = table[`endings.${from}.${part}`];
      if (text === undefined) continue;
      next = setTranslation(next, language, `endings.${from}.${part}`, '');
      if (to !== undefined) next = setTranslation(next, language, `endings.${to}.${part}`, text);
    }
  }
  return next;
}

/**
 * The ending removed, with what named it: the jumps that went to it (a jump needs somewhere to go;
 * its page then goes on as if it had none) and its texts' translations. One step, so one undo
 * brings all of it back.
 */
export function removeEnding(schema: FormSchema, endingId: string): FormSchema {
  const endings = (schema.settings?.endings ?? []).filter((e) => e.id !== endingId);
  const withoutJumps = mapJumps(schema, (jumps) =>
    jumps.filter((j) => !('ending' in j.to && j.to.ending === endingId)),
  );
  return moveEndingTexts(setEndings(withoutJumps, endings), endingId, undefined);
}

/**
 * An ending's id changed, and with it the jumps that go to it and its translations' keys. An id
 * another ending has is refused (the schema is returned as it was): the jumps could no longer
 * tell the two apart.
 */
export function renameEnding(schema: FormSchema, from: string, to: string): FormSchema {
  const endings = schema.settings?.endings ?? [];
  if (from === to || endings.some((e) => e.id === to)) return schema;
  const renamed = setEndings(
    schema,
    endings.map((e) => (e.id === from ? { ...e, id: to } : e)),
  );
  const jumped = mapJumps(renamed, (jumps) =>
    jumps.map((j) => ('ending' in j.to && j.to.ending === from ? { ...j, to: { ending: to } } : j)),
  );
  return moveEndingTexts(jumped, from, to);
}

/**
 * One ending replaced by `next` (same id), its empty texts dropped with their translations (a
 * translation of no text is refused); conditions left without a group are none (an ending
 * reached by jumps only).
 */
export function replaceEnding(schema: FormSchema, next: FormEnding): FormSchema {
  const clean = Object.fromEntries(
    Object.entries(next).filter(([, v]) => v !== undefined && v !== ''),
  ) as FormEnding;
  if (clean.conditionGroups?.length === 0) delete clean.conditionGroups;
  let edited = setEndings(
    schema,
    (schema.settings?.endings ?? []).map((e) => (e.id === next.id ? clean : e)),
  );
  for (const part of ['title', 'message'] as const) {
    if (clean[part] !== undefined) continue;
    for (const language of Object.keys(edited.translations ?? {}) as Language[])
      edited = setTranslation(edited, language, `endings.${next.id}.${part}`, '');
  }
  return edited;
}
