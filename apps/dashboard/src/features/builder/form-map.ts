import type { ConditionGroup, FormSchema } from '@formloom/contract';
import { pageOrder } from '@formloom/contract/engine';
import { schemaWarnings } from '@formloom/contract/integrity/core';
import { groupsSummary, type SummaryWords } from './condition-summary.js';

/** A place on the map: a page (a section, in order), an ending, or the default completion. */
export type MapNode =
  | { key: string; kind: 'page'; id: string; title: string; number: number; unreachable: boolean }
  | { key: string; kind: 'ending'; id: string; title: string; byConditions: ConditionGroup[] | undefined }
  | { key: string; kind: 'completion' };

/**
 * A way from one place to another: `jump` a page's jump (its conditions), `next` the page that
 * follows when no jump matches, `end` where the last page leads (an ending whose conditions
 * match, else the default completion). `otherwise`: taken only when what the page tries first
 * does not match.
 */
export interface MapEdge {
  /** Unique in its map (two jumps may join the same places). */
  key: string;
  from: string;
  to: string;
  kind: 'jump' | 'next' | 'end';
  conditionGroups?: ConditionGroup[];
  otherwise: boolean;
}

export interface FormMap {
  /** The form is paged: its pages are sections and their jumps are followed. */
  paged: boolean;
  nodes: MapNode[];
  edges: MapEdge[];
}

export const pageKey = (id: string) => `page:${id}`;
export const endingKey = (id: string) => `ending:${id}`;
export const COMPLETION_KEY = 'completion';

/**
 * The form's paths as a graph, as the engine's path takes them (docs/form-model.md "Jumps and
 * endings"): the pages in the order a respondent meets them (`pageOrder`: one page when the form
 * is not paged), each page's jumps in the order they are tried, then its "next" page; after the
 * last page, the endings with conditions in order, then the default completion. A jump that the
 * integrity check refuses (backwards, to an unknown target) is left out: the engine passes over
 * it. `unreachable`: the section ids `schemaWarnings` finds on no path.
 */
export function formMap(schema: FormSchema, unreachable: ReadonlySet<string> = new Set()): FormMap {
  const paged = schema.settings?.layout === 'paged';
  const pages = pageOrder(schema);
  const endings = schema.settings?.endings ?? [];
  const endingIds = new Set(endings.map((e) => e.id));
  const rank = new Map(pages.map((id, i) => [id, i]));
  const nodes: MapNode[] = pages.map((id, i) => ({
    key: pageKey(id),
    kind: 'page',
    id,
    title: schema.sections.find((s) => s.id === id)?.title ?? '',
    number: i + 1,
    unreachable: unreachable.has(id),
  }));
  for (const ending of endings) {
    nodes.push({
      key: endingKey(ending.id),
      kind: 'ending',
      id: ending.id,
      title: ending.title ?? '',
      byConditions: ending.conditionGroups,
    });
  }
  nodes.push({ key: COMPLETION_KEY, kind: 'completion' });

  const edges: MapEdge[] = [];
  pages.forEach((id, i) => {
    const jumps = paged ? (schema.sections.find((s) => s.id === id)?.jumps ?? []) : [];
    let jumped = false;
    for (const jump of jumps) {
      const to = 'section' in jump.to ? jump.to.section : jump.to.ending;
      const forward = 'section' in jump.to ? (rank.get(to) ?? -1) > i : endingIds.has(to);
      if (!forward) continue;
      jumped = true;
      edges.push({
        key: `${id}#${edges.length}`,
        from: pageKey(id),
        to: 'section' in jump.to ? pageKey(to) : endingKey(to),
        kind: 'jump',
        conditionGroups: jump.conditionGroups,
        otherwise: false,
      });
    }
    if (i + 1 < pages.length) {
      edges.push({
        key: `${id}#${edges.length}`,
        from: pageKey(id),
        to: pageKey(pages[i + 1]!),
        kind: 'next',
        otherwise: jumped,
      });
      return;
    }
    let tried = jumped;
    for (const ending of endings) {
      if (ending.conditionGroups === undefined) continue;
      edges.push({
        key: `${id}#${edges.length}`,
        from: pageKey(id),
        to: endingKey(ending.id),
        kind: 'end',
        conditionGroups: ending.conditionGroups,
        otherwise: jumped,
      });
      tried = true;
    }
    edges.push({
      key: `${id}#${edges.length}`,
      from: pageKey(id),
      to: COMPLETION_KEY,
      kind: 'end',
      otherwise: tried,
    });
  });
  return { paged, nodes, edges };
}

/** Sizes of the drawing, in SVG user units (CSS pixels at 100 %). */
export const MAP_SIZES = {
  pad: 16,
  nodeWidth: 160,
  nodeHeight: 56,
  /** Between two pages side by side: room for a short label ("otherwise"). */
  columnGap: 72,
  /** Between the last page and the endings: room for the labels of the endings' conditions. */
  endingGap: 180,
  /** Between two endings stacked. */
  rowGap: 20,
  /** Height of one level of jump arcs above the pages. */
  level: 24,
  /** Width of one character of an edge's label (11 px text), to cut a label to its room. */
  charWidth: 6.2,
};

export interface PlacedNode {
  node: MapNode;
  x: number;
  y: number;
}

export interface PlacedEdge {
  edge: MapEdge;
  /** An SVG path, from the source's side to the target's. */
  path: string;
  /** Where its label is centred (text-anchor middle, on its baseline), and its room in characters. */
  label: { x: number; y: number; room: number };
}

export interface MapLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

/**
 * Lays the map out in layers, which sections being ordered and jumps going only forward makes
 * simple: the pages side by side from left to right on one row, the endings and the default
 * completion stacked in a column after the last page. A "next" edge is a straight line to the page
 * beside; a jump is an arc above the row, on the lowest level whose arcs it does not overlap
 * (shorter jumps first, so they nest under longer ones); the last page's edges fan out to the
 * endings' column. Each label has a room in characters to be cut to.
 */
export function layoutMap(map: FormMap, sizes: typeof MAP_SIZES = MAP_SIZES): MapLayout {
  const { pad, nodeWidth: w, nodeHeight: h, columnGap, endingGap, rowGap, level, charWidth } = sizes;
  const pages = map.nodes.filter((n) => n.kind === 'page');
  const column = new Map<string, number>(pages.map((n, i) => [n.key, i]));
  const outs = map.nodes.filter((n) => n.kind !== 'page');
  const endColumn = pages.length;
  const colOf = (key: string) => column.get(key) ?? endColumn;

  // Arcs' levels: intervals of columns, the shortest placed first on the lowest free level.
  const jumps = map.edges.filter((e) => e.kind === 'jump');
  const levelOf = new Map<MapEdge, number>();
  const taken: { from: number; to: number; level: number }[] = [];
  const bySpan = [...jumps].sort(
    (a, b) => colOf(a.to) - colOf(a.from) - (colOf(b.to) - colOf(b.from)) || colOf(a.from) - colOf(b.from),
  );
  for (const edge of bySpan) {
    const from = colOf(edge.from);
    const to = colOf(edge.to);
    let l = 0;
    while (taken.some((t) => t.level === l && t.from < to && from < t.to)) l++;
    taken.push({ from, to, level: l });
    levelOf.set(edge, l);
  }
  const levels = taken.reduce((most, t) => Math.max(most, t.level + 1), 0);
  const rowY = pad + levels * level + (levels > 0 ? 8 : 0);
  const xOf = (col: number) =>
    pad + col * (w + columnGap) + (col === endColumn && col > 0 ? endingGap - columnGap : 0);
  const place = new Map<string, { x: number; y: number }>();
  for (const [i, n] of pages.entries()) place.set(n.key, { x: xOf(i), y: rowY });
  for (const [k, n] of outs.entries()) place.set(n.key, { x: xOf(endColumn), y: rowY + k * (h + rowGap) });

  // Where arcs leave a node and arrive: spread along its top so that they do not share a line.
  const leaving = new Map<string, number>();
  const arriving = new Map<string, number>();
  const slot = (counts: Map<string, number>, key: string) => {
    const k = counts.get(key) ?? 0;
    counts.set(key, k + 1);
    return k;
  };
  const edges: PlacedEdge[] = map.edges.map((edge) => {
    const a = place.get(edge.from)!;
    const b = place.get(edge.to)!;
    if (edge.kind === 'jump') {
      const top = rowY - (levelOf.get(edge)! + 1) * level;
      const x1 = a.x + w - 12 - Math.min(slot(leaving, edge.from), 5) * 10;
      const landsOnTop = b.y === rowY && column.has(edge.to);
      const x2 = landsOnTop
        ? b.x + 12 + Math.min(slot(arriving, edge.to), 5) * 10
        : b.x - 10 - Math.min(slot(arriving, COMPLETION_KEY), 5) * 6;
      const path = landsOnTop
        ? `M${x1},${a.y} V${top} H${x2} V${b.y}`
        : `M${x1},${a.y} V${top} H${x2} V${b.y + h / 2} H${b.x}`;
      return { edge, path, label: { x: (x1 + x2) / 2, y: top - 4, room: Math.floor((x2 - x1) / charWidth) } };
    }
    const y1 = a.y + h / 2;
    const y2 = b.y + h / 2;
    const path = `M${a.x + w},${y1} L${b.x},${y2}`;
    const gap = b.x - (a.x + w);
    // Mid-way, over its line; a fan's lines are apart there by half the endings' spacing.
    const label = { x: (a.x + w + b.x) / 2, y: (y1 + y2) / 2 - 4, room: Math.floor((gap - 12) / charWidth) };
    return { edge, path, label };
  });

  const nodes = map.nodes.map((node) => ({ node, ...place.get(node.key)! }));
  const right = Math.max(...nodes.map((n) => n.x + w));
  const bottom = Math.max(...nodes.map((n) => n.y + h));
  return { width: right + pad, height: bottom + pad, nodes, edges };
}

/** A label cut to `room` characters, with an ellipsis when it was longer. */
export function cut(text: string, room: number): string {
  if (text.length <= room) return text;
  return room <= 1 ? '…' : `${text.slice(0, room - 1).trimEnd()}…`;
}

/** The words of the map's list, in the dashboard's language. */
export interface MapWords extends SummaryWords {
  page: (number: number, title: string) => string;
  ending: (id: string, title: string) => string;
  completion: string;
  /** "if {condition}: {target}" */
  ifThen: (condition: string, target: string) => string;
  /** "otherwise: {target}" */
  otherwise: (target: string) => string;
  /** "next: {target}", for a page without jumps */
  next: (target: string) => string;
  /** After a page no path reaches. */
  unreachable: string;
  /** An ending chosen by its conditions: "reached when {condition}". */
  endingWhen: (condition: string) => string;
  /** An ending named by jumps: "by a jump from {pages}". */
  endingFrom: (pages: string) => string;
  /** An ending neither a jump nor its conditions choose. */
  endingNever: string;
}

/** A place's name in the list and on the drawing: "Page 2 'Plan'", "Ending 'Goodbye'". */
export function nodeName(node: MapNode, words: MapWords): string {
  if (node.kind === 'page') return words.page(node.number, node.title);
  if (node.kind === 'ending') return words.ending(node.id, node.title);
  return words.completion;
}

/**
 * The map in sentences, one per place, saying what the drawing shows for a keyboard or a screen
 * reader: "Page 2 'Plan' → if Plan is Pro: Page 4 'Pro'; otherwise: Page 3 'Billing'".
 */
export function mapSentences(
  map: FormMap,
  schema: FormSchema,
  words: MapWords,
): { node: MapNode; text: string }[] {
  const byKey = new Map(map.nodes.map((n) => [n.key, n]));
  const name = (key: string) => nodeName(byKey.get(key)!, words);
  return map.nodes.map((node) => {
    if (node.kind === 'page') {
      const parts = map.edges
        .filter((e) => e.from === node.key)
        .map((e) => {
          if (e.conditionGroups !== undefined)
            return words.ifThen(groupsSummary(e.conditionGroups, schema, words), name(e.to));
          return e.otherwise ? words.otherwise(name(e.to)) : words.next(name(e.to));
        });
      const own = node.unreachable ? `${name(node.key)} ${words.unreachable}` : name(node.key);
      return { node, text: `${own} → ${parts.join('; ')}` };
    }
    if (node.kind === 'ending') {
      const from = map.edges.filter((e) => e.to === node.key && e.kind === 'jump').map((e) => name(e.from));
      const parts = [
        ...(node.byConditions === undefined
          ? []
          : [words.endingWhen(groupsSummary(node.byConditions, schema, words))]),
        ...(from.length === 0 ? [] : [words.endingFrom([...new Set(from)].join(', '))]),
      ];
      return {
        node,
        text: `${name(node.key)}: ${parts.length === 0 ? words.endingNever : parts.join('; ')}`,
      };
    }
    return { node, text: name(node.key) };
  });
}

/** The sections the engine warns no path reaches (`unreachable_section`), by id. */
export function unreachableSections(schema: FormSchema): Set<string> {
  const ids = new Set<string>();
  for (const warning of schemaWarnings(schema)) {
    const at = /^\$\.sections\[(\d+)\]$/.exec(warning.path);
    const section = at === null ? undefined : schema.sections[Number(at[1])];
    if (warning.code === 'unreachable_section' && section !== undefined) ids.add(section.id);
  }
  return ids;
}
