import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/sdk.md shows the runnable examples line for line. A code block right after a
 * `<!-- mirrors: PATH -->` line must be a contiguous excerpt of PATH (relative to the repository
 * root), each line compared with its surrounding whitespace trimmed, so the guide cannot drift
 * from code that is typechecked and run.
 */
const ROOT = new URL('../../../', import.meta.url);
const DOC = 'docs/sdk.md';
const MARKER = /^<!--\s*mirrors:\s*(\S+)\s*-->\s*$/;
const FENCE = /^\s*```/;

interface MirrorBlock {
  /** The mirrored file, relative to the repository root. */
  path: string;
  /** 1-based line in the document of the block's first code line. */
  line: number;
  lines: string[];
}

/** The marked blocks of a markdown text, and what is wrong with the markers themselves. */
function findMirrorBlocks(markdown: string, doc: string): { blocks: MirrorBlock[]; problems: string[] } {
  const lines = markdown.split(/\r?\n/);
  const blocks: MirrorBlock[] = [];
  const problems: string[] = [];
  lines.forEach((text, index) => {
    const path = MARKER.exec(text)?.[1];
    if (path === undefined) return;
    if (!FENCE.test(lines[index + 1] ?? '')) {
      problems.push(`${doc}:${index + 1}: the mirrors marker for ${path} is not right before a code block`);
      return;
    }
    const start = index + 2;
    const end = lines.findIndex((l, i) => i >= start && FENCE.test(l));
    if (end === -1) {
      problems.push(`${doc}:${index + 2}: the code block mirroring ${path} is never closed`);
      return;
    }
    blocks.push({ path, line: start + 1, lines: lines.slice(start, end) });
  });
  return { blocks, problems };
}

/** Undefined when `block` is a contiguous excerpt of `source`; else where the first difference is. */
function excerptProblem(block: MirrorBlock, source: string, doc: string): string | undefined {
  const want = block.lines.map((l) => l.trim());
  const have = source.split(/\r?\n/).map((l) => l.trim());
  if (want.every((l) => l === '')) return `${doc}:${block.line}: the block mirroring ${block.path} is empty`;
  // The longest run of the block's lines found in the file, from its first line on.
  let best = { at: -1, matched: 0 };
  for (let at = 0; at < have.length; at++) {
    let matched = 0;
    while (matched < want.length && have[at + matched] === want[matched]) matched++;
    if (matched === want.length) return undefined;
    if (matched > best.matched) best = { at, matched };
  }
  const k = best.matched;
  const where = `${doc}:${block.line + k}: the block mirroring ${block.path} differs at its line ${k + 1}`;
  if (best.at === -1) return `${where}: "${want[0]}" is not a line of ${block.path}`;
  const theirs = have[best.at + k];
  return theirs === undefined
    ? `${where}: "${want[k]}" runs past the end of ${block.path}`
    : `${where}: "${want[k]}", but ${block.path}:${best.at + k + 1} has "${theirs}"`;
}

/** Every problem of the document's mirrored blocks, given a reader of repository files. */
function checkMirrors(
  markdown: string,
  doc: string,
  read: (path: string) => string | undefined,
): { blocks: MirrorBlock[]; problems: string[] } {
  const { blocks, problems } = findMirrorBlocks(markdown, doc);
  for (const block of blocks) {
    const source = read(block.path);
    const problem =
      source === undefined
        ? `${doc}:${block.line - 2}: ${block.path} does not exist`
        : excerptProblem(block, source, doc);
    if (problem) problems.push(problem);
  }
  return { blocks, problems };
}

function readRepoFile(path: string): string | undefined {
  const url = new URL(path, ROOT);
  return existsSync(url) ? readFileSync(url, 'utf8') : undefined;
}

describe(`${DOC} mirrors the examples`, () => {
  const { blocks, problems } = checkMirrors(readFileSync(new URL(DOC, ROOT), 'utf8'), DOC, readRepoFile);

  it('has at least 3 mirrored blocks, covering the quickstart, pagination and webhook receiving', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    const mirrored = new Set(blocks.map((b) => b.path.split('/').slice(0, 2).join('/')));
    expect([...mirrored]).toEqual(
      expect.arrayContaining(['examples/quickstart', 'examples/paginate-all', 'examples/webhook-receiver']),
    );
  });

  it('every mirrored block is a contiguous excerpt of its file', () => {
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('the mirror check itself', () => {
  const files: Record<string, string> = {
    'a.ts': ['function f() {', '  const x = 1;', '  return x;', '}'].join('\n'),
  };
  const check = (markdown: string) => checkMirrors(markdown, 'doc.md', (path) => files[path]).problems;
  const doc = (...code: string[]) => ['# Doc', '<!-- mirrors: a.ts -->', '```ts', ...code, '```'].join('\n');

  it('accepts a contiguous excerpt, indentation aside', () => {
    expect(check(doc('const x = 1;', 'return x;'))).toEqual([]);
  });

  it('names the file and the first differing line', () => {
    expect(check(doc('const x = 1;', 'return y;'))).toEqual([
      'doc.md:5: the block mirroring a.ts differs at its line 2: "return y;", but a.ts:3 has "return x;"',
    ]);
    expect(check(doc('const x = 2;'))).toEqual([
      'doc.md:4: the block mirroring a.ts differs at its line 1: "const x = 2;" is not a line of a.ts',
    ]);
  });

  it('refuses lines that are not contiguous in the file', () => {
    expect(check(doc('function f() {', 'return x;'))).toEqual([
      'doc.md:5: the block mirroring a.ts differs at its line 2: "return x;", but a.ts:2 has "const x = 1;"',
    ]);
  });

  it('refuses a missing file, an empty block and a marker without a block', () => {
    expect(check(['<!-- mirrors: b.ts -->', '```ts', 'x', '```'].join('\n'))).toEqual([
      'doc.md:1: b.ts does not exist',
    ]);
    expect(check(doc())).toEqual(['doc.md:4: the block mirroring a.ts is empty']);
    expect(check(['<!-- mirrors: a.ts -->', '', '```ts', '}', '```'].join('\n'))).toEqual([
      'doc.md:1: the mirrors marker for a.ts is not right before a code block',
    ]);
  });
});
