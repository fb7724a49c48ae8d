import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A comment or a test title points at what a reader of the repository can open: a file here (a
 * docs/ page and its section) or the rule itself. Issue trackers, numbered sections of the outside
 * API specification, work sessions and the folder beside the repository are not here, so a
 * comment citing them explains nothing to whoever reads it next.
 */
const OUTSIDE_CITATION = [
  /\bissues? #?\d+/i,
  /\bspec(?:s|'s)? §?\d+(?:\.\d+)*/i,
  /\bapi-spec\b/i,
  /\.\.\/shared\b/,
  // The product's decision record beside the repository; docs/decisions.md is the repository's own.
  /(?<![\w/.-])decisions\.md/,
  /\bsessions? \d+\b(?! (?:of|is|was|has|sessions?|minutes?|hours?|days?)\b)/i,
];

/** The citation of an outside document `text` makes, or undefined. */
function outsideCitation(text: string): string | undefined {
  for (const pattern of OUTSIDE_CITATION) {
    const found = pattern.exec(text);
    if (found) return found[0];
  }
  return undefined;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['packages', 'apps', 'tests', 'scripts', 'examples', '.ci'];
const SCRIPT = new Set(['.ts', '.tsx', '.js', '.mjs']);
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'build']);

function* sourceFiles(dir: string): Generator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) yield* sourceFiles(path);
    } else if (SCRIPT.has(extname(entry.name)) || ['.sh', '.css'].includes(extname(entry.name))) {
      yield path;
    } else if (!extname(entry.name) && dir.endsWith('.ci')) {
      yield path;
    }
  }
}

interface Text {
  line: number;
  text: string;
}

/** Comments and test titles of a script, with the line each starts on. */
function scriptTexts(path: string, source: string): Text[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const texts: Text[] = [];
  const seen = new Set<number>();
  const lineOf = (pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;
  const addComments = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      const lines = source.slice(range.pos, range.end).split('\n');
      lines.forEach((text, i) => {
        texts.push({ line: lineOf(range.pos) + i, text });
      });
    }
  };
  const visit = (node: ts.Node) => {
    addComments(ts.getLeadingCommentRanges(source, node.getFullStart()));
    addComments(ts.getTrailingCommentRanges(source, node.getEnd()));
    if (ts.isCallExpression(node) && /^(describe\w*|it|test|bench)\b/.test(node.expression.getText(file))) {
      const title = node.arguments[0];
      if (title && (ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title))) {
        texts.push({ line: lineOf(title.getStart(file)), text: title.text });
      }
    }
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return texts;
}

/** Comments of a shell script (`#` to the line's end) or a style sheet. */
function otherTexts(path: string, source: string): Text[] {
  const lines = source.split('\n');
  if (path.endsWith('.css')) {
    const texts: Text[] = [];
    let inside = false;
    lines.forEach((text, i) => {
      if (inside || text.includes('/*')) texts.push({ line: i + 1, text });
      if (text.includes('/*')) inside = true;
      if (text.includes('*/')) inside = false;
    });
    return texts;
  }
  return lines.flatMap((text, i) => {
    const hash = text.search(/(^|\s)#/);
    return hash < 0 ? [] : [{ line: i + 1, text: text.slice(hash) }];
  });
}

describe('comments cite the repository', () => {
  it('catches issue numbers, spec sections, outside documents and sessions', () => {
    for (const text of [
      '// the rate limits (spec 8.2)',
      '/** Spec 5.4: keys an account may hold. */',
      ' * issue 32: roles per route',
      "describe('idempotent creates (issue 19 item 3)'",
      '// Issue 30 item 5',
      '// see #12 in issues #12',
      '// the deviations from api-spec.md',
      '// ../shared/spec/decisions.md',
      '/** Fixed windows (decisions.md): */',
      '// decided in session 15',
    ]) {
      expect(outsideCitation(text), text).toBeDefined();
    }
  });

  it('lets references anyone can open pass', () => {
    for (const text of [
      '// HTTP 1.1 spec',
      '// RFC 9110, section 15.5.20',
      '// docs/server.md "Code map"',
      '// docs/decisions.md "Server"',
      '// the shared parameters of the node',
      '// 24 sessions a day, 30 minutes idle',
      '// the Standard Webhooks spec',
    ]) {
      expect(outsideCitation(text), text).toBeUndefined();
    }
  });

  it('no comment or test title in the sources cites what is not in the repository', () => {
    const found: string[] = [];
    for (const top of SCANNED) {
      for (const path of sourceFiles(join(ROOT, top))) {
        const source = readFileSync(path, 'utf8');
        // Parsing is the slow part: a file that cites nothing anywhere has nothing to parse for.
        if (outsideCitation(source) === undefined) continue;
        const texts = SCRIPT.has(extname(path)) ? scriptTexts(path, source) : otherTexts(path, source);
        for (const { line, text } of texts) {
          const citation = outsideCitation(text);
          if (citation) found.push(`${relative(ROOT, path)}:${line}: ${citation}`);
        }
      }
    }
    expect(found).toEqual([]);
  }, 120_000);
});
