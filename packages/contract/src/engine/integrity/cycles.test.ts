import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Field } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import type { Section } from '../../models/section.js';
import { checkSchema } from './check-schema.js';

/** Independent oracle: Kahn's algorithm leaves nodes over exactly when the graph has a cycle. */
function hasCycle(edges: Map<string, Set<string>>): boolean {
  const indegree = new Map<string, number>([...edges.keys()].map((k) => [k, 0]));
  for (const targets of edges.values()) for (const t of targets) indegree.set(t, indegree.get(t)! + 1);
  const queue = [...indegree].filter(([, d]) => d === 0).map(([k]) => k);
  let removed = 0;
  while (queue.length > 0) {
    const node = queue.pop()!;
    removed++;
    for (const t of edges.get(node)!) {
      indegree.set(t, indegree.get(t)! - 1);
      if (indegree.get(t) === 0) queue.push(t);
    }
  }
  return removed < edges.size;
}

const graphArb = fc.record({
  fieldCount: fc.integer({ min: 1, max: 8 }),
  sectionCount: fc.integer({ min: 1, max: 3 }),
  // [from, to] pairs of field indexes (self edges dropped below: they are self_reference).
  fieldEdges: fc.array(fc.tuple(fc.nat(7), fc.nat(7)), { maxLength: 12 }),
  sectionEdges: fc.array(fc.tuple(fc.nat(2), fc.nat(7)), { maxLength: 4 }),
  placement: fc.array(fc.nat(2), { minLength: 8, maxLength: 8 }),
});

describe('visibility cycles (property)', () => {
  it('are reported exactly when the dependency graph has a cycle, each with a closed id path', () => {
    fc.assert(
      fc.property(graphArb, ({ fieldCount, sectionCount, fieldEdges, sectionEdges, placement }) => {
        const sectionOf = (f: number) => `s${placement[f]! % sectionCount}`;
        const conditionsOf = (pairs: [number, number][], owner: number) =>
          pairs
            .filter(([from]) => from === owner)
            .map(([, to]) => ({ fieldId: `f${to}`, operator: 'isEmpty' as const }));
        const fEdges = fieldEdges
          .map(([a, b]) => [a % fieldCount, b % fieldCount] as [number, number])
          .filter(([a, b]) => a !== b);
        const sEdges = sectionEdges
          .map(([s, f]) => [s % sectionCount, f % fieldCount] as [number, number])
          .filter(([s, f]) => sectionOf(f) !== `s${s}`);
        const logic = (conditions: { fieldId: string; operator: 'isEmpty' }[]) =>
          conditions.length > 0
            ? { conditionalLogic: { action: 'show' as const, conditionGroups: [{ conditions }] } }
            : {};

        const sections: Section[] = Array.from({ length: sectionCount }, (_, s) => ({
          id: `s${s}`,
          title: `S${s}`,
          order: s,
          ...logic(conditionsOf(sEdges, s)),
        }));
        const fields: Field[] = Array.from({ length: fieldCount }, (_, f) => ({
          id: `f${f}`,
          sectionId: sectionOf(f),
          type: 'text',
          label: `F${f}`,
          order: f,
          ...logic(conditionsOf(fEdges, f)),
        }));
        const schema: FormSchema = {
          version: '1',
          schemaVersion: '1',
          meta: { title: 'G', language: 'en' },
          sections,
          fields,
        };

        const edges = new Map<string, Set<string>>();
        for (const s of sections) edges.set(`section ${s.id}`, new Set());
        for (const f of fields) edges.set(f.id, new Set());
        for (const [a, b] of fEdges) edges.get(`f${a}`)!.add(`f${b}`);
        for (const [s, f] of sEdges) edges.get(`section s${s}`)!.add(`f${f}`);
        for (const f of fields) {
          if (sections.find((s) => s.id === f.sectionId)?.conditionalLogic)
            edges.get(f.id)!.add(`section ${f.sectionId}`);
        }

        const problems = checkSchema(schema);
        expect(problems.every((p) => p.code === 'visibility_cycle')).toBe(true);
        expect(problems.length > 0).toBe(hasCycle(edges));
        for (const p of problems) {
          const path = /itself: (.*)\. /.exec(p.message)![1]!.split(' -> ');
          expect(path[0]).toBe(path[path.length - 1]);
          // Every step of the reported path is a real dependency.
          for (let i = 0; i + 1 < path.length; i++) expect(edges.get(path[i]!)!.has(path[i + 1]!)).toBe(true);
        }
        // Reported once: no two problems describe the same cycle from different starting points.
        const canonical = problems.map((p) => {
          const ids = /itself: (.*)\. /.exec(p.message)![1]!.split(' -> ').slice(1);
          return [...ids].sort().join(',');
        });
        expect(new Set(canonical).size).toBe(canonical.length);
      }),
      { numRuns: 300 },
    );
  });
});
