import type { Field } from '../../models/field.js';
import { type VisibilityNode, visibilityEdges } from '../logic/visibility-graph.js';
import type { SchemaProblem } from '../types.js';
import { type PathSegment, problem } from './paths.js';
import type { SchemaIndex } from './schema-index.js';

/** `f:<id>` or `s:<id>`: fields and sections are separate id namespaces. */
type NodeKey = string;

interface Edge {
  to: NodeKey;
  /** Where the dependency is written: a condition's `fieldId`, or a field's `sectionId`. */
  path: PathSegment[];
}

/**
 * Visibility that depends on itself. A field depends on the fields its conditions name and on
 * its section when that section has conditions (a hidden section hides its fields); a section
 * depends on the fields its conditions name.
 *
 * One depth-first search reports a cycle per back edge: a cycle is reported once, not once per
 * member, every cycle contains a reported edge, and removing those edges leaves none. Cycles that
 * share edges may be reported as one, so fixing it can reveal another on the next check. Self references and
 * sections naming their own fields are reported by `checkReferences` and left out here.
 */
export function checkCycles(index: SchemaIndex): SchemaProblem[] {
  const graph = buildGraph(index);
  const problems: SchemaProblem[] = [];
  const state = new Map<NodeKey, 'active' | 'done'>();

  for (const start of graph.keys()) {
    if (state.has(start)) continue;
    // Iterative, so a schema far over the field limit cannot overflow the stack.
    const stack: { node: NodeKey; next: number }[] = [{ node: start, next: 0 }];
    state.set(start, 'active');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const edge = graph.get(frame.node)![frame.next++];
      if (!edge) {
        state.set(frame.node, 'done');
        stack.pop();
        continue;
      }
      const seen = state.get(edge.to);
      if (seen === undefined) {
        state.set(edge.to, 'active');
        stack.push({ node: edge.to, next: 0 });
      } else if (seen === 'active') {
        const from = stack.findIndex((f) => f.node === edge.to);
        const cycle = [...stack.slice(from).map((f) => f.node), edge.to];
        const throughVariable = cycle.some((node) => node.startsWith('v:'));
        problems.push(
          throughVariable
            ? problem(
                'variable_cycle',
                edge.path,
                `A variable depends on itself: ${cycle.map(label).join(' -> ')}. ` +
                  'Variables are computed from the answers of visible fields and from earlier variables; ' +
                  'remove one of these references.',
              )
            : problem(
                'visibility_cycle',
                edge.path,
                `Visibility depends on itself: ${cycle.map(label).join(' -> ')}. ` +
                  'Remove or change one of these conditions so nothing waits on its own visibility.',
              ),
        );
      }
    }
  }
  return problems;
}

/** The visibility graph (logic/visibility-graph.ts) by id, without what other checks report. */
function buildGraph(index: SchemaIndex): Map<NodeKey, Edge[]> {
  const graph = new Map<NodeKey, Edge[]>();
  const targets = new Map<NodeKey, Set<NodeKey>>();
  const add = (from: NodeKey, to: NodeKey, path: PathSegment[]) => {
    // One edge per pair: two conditions on the same field are one dependency, one cycle.
    const seen = targets.get(from) ?? new Set<NodeKey>();
    targets.set(from, seen);
    if (seen.has(to)) return;
    seen.add(to);
    graph.get(from)!.push({ to, path });
  };

  for (const field of index.fields.values()) graph.set(`f:${field.id}`, []);
  for (const section of index.sections.values()) graph.set(`s:${section.id}`, []);
  for (const variable of index.variables.values()) graph.set(`v:${variable.id}`, []);

  const { schema } = index;
  const element = (n: VisibilityNode): { id: string } =>
    n.kind === 'field'
      ? schema.fields[n.index]!
      : n.kind === 'section'
        ? schema.sections[n.index]!
        : schema.variables![n.index]!;
  const canonicalOf = (n: VisibilityNode, id: string): { id: string } | undefined =>
    n.kind === 'field'
      ? index.fields.get(id)
      : n.kind === 'section'
        ? index.sections.get(id)
        : index.variables.get(id);
  for (const edge of visibilityEdges(schema)) {
    const from = element(edge.from);
    const to = element(edge.to);
    // Later duplicates of an id are reported as duplicate_id and otherwise ignored.
    if (from !== canonicalOf(edge.from, from.id)) continue;
    if (edge.to.kind === 'field' && edge.from.kind !== 'variable') {
      // A field naming itself, or a section naming one of its own fields: checkReferences says so.
      if (edge.from.kind === 'field' ? to.id === from.id : (to as Field).sectionId === from.id) continue;
    }
    const key = (kind: VisibilityNode['kind'], id: string) => `${kind[0]}:${id}`;
    add(key(edge.from.kind, from.id), key(edge.to.kind, to.id), [...edge.path]);
  }
  return graph;
}

function label(node: NodeKey): string {
  if (node.startsWith('s:')) return `section ${node.slice(2)}`;
  return node.startsWith('v:') ? `variable ${node.slice(2)}` : node.slice(2);
}
