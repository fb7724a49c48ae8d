/**
 * SurveyJS's expressions (`{age} >= 18 and {country} anyof ['DE', 'AT']`) read into a tree, and the
 * tree into the groups a Formloom condition takes: OR'd groups of AND'd comparisons. Only what
 * conditions can say is read: comparisons of one question's answer with a constant, `empty`,
 * `contains`, `anyof`, `allof`, `and`, `or`, `not` and parentheses; functions, arithmetic and
 * comparisons of two questions are refused with the reason, for the import's report.
 */

export type Constant = string | number | boolean;

export type Comparison =
  | {
      kind: 'cmp';
      name: string;
      op: '=' | '!=' | '>' | '>=' | '<' | '<=' | 'contains' | 'notcontains';
      value: Constant;
    }
  | { kind: 'cmp'; name: string; op: 'empty' | 'notempty' }
  | { kind: 'cmp'; name: string; op: 'anyof' | 'allof'; value: Constant[] };

export type Expression =
  | Comparison
  | { kind: 'and' | 'or'; items: Expression[] }
  | { kind: 'not'; item: Expression };

/** Why an expression could not be read. */
export class ExpressionError extends Error {
  override name = 'ExpressionError';
}

type Token =
  | { t: 'var'; v: string }
  | { t: 'const'; v: Constant }
  | { t: 'op'; v: string }
  | { t: 'word'; v: string }
  | { t: 'punct'; v: '(' | ')' | '[' | ']' | ',' };

const OPERATORS = ['==', '!=', '<>', '>=', '<=', '=', '>', '<', '&&', '||', '!'];
/** The longest expression read: a form's condition, not a program. */
const MAX_LENGTH = 2000;

function tokens(source: string): Token[] {
  if (source.length > MAX_LENGTH) throw new ExpressionError('The expression is longer than 2,000 characters');
  const out: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '{') {
      const end = source.indexOf('}', i);
      if (end < 0) throw new ExpressionError('A "{" is not closed');
      out.push({ t: 'var', v: source.slice(i + 1, end).trim() });
      i = end + 1;
    } else if (ch === "'" || ch === '"') {
      const end = source.indexOf(ch, i + 1);
      if (end < 0) throw new ExpressionError('A quoted text is not closed');
      out.push({ t: 'const', v: source.slice(i + 1, end) });
      i = end + 1;
    } else if ('()[],'.includes(ch)) {
      out.push({ t: 'punct', v: ch as '(' });
      i++;
    } else if (/[-\d.]/.test(ch) && /^-?\d*\.?\d+/.test(source.slice(i))) {
      const [number] = /^-?\d*\.?\d+/.exec(source.slice(i))!;
      out.push({ t: 'const', v: Number(number) });
      i += number.length;
    } else {
      const op = OPERATORS.find((o) => source.startsWith(o, i));
      if (op !== undefined) {
        out.push({ t: 'op', v: op });
        i += op.length;
        continue;
      }
      const word = /^[A-Za-z_]\w*/.exec(source.slice(i));
      if (word === null) throw new ExpressionError(`Cannot read "${source.slice(i, i + 10)}"`);
      const lower = word[0].toLowerCase();
      if (lower === 'true' || lower === 'false') out.push({ t: 'const', v: lower === 'true' });
      else out.push({ t: 'word', v: lower });
      i += word[0].length;
    }
  }
  return out;
}

const COMPARISON_WORDS: Record<string, Comparison['op']> = {
  '=': '=',
  '==': '=',
  '!=': '!=',
  '<>': '!=',
  '>': '>',
  '>=': '>=',
  '<': '<',
  '<=': '<=',
  contains: 'contains',
  notcontains: 'notcontains',
  empty: 'empty',
  notempty: 'notempty',
  anyof: 'anyof',
  allof: 'allof',
};

/** Reads a SurveyJS expression; throws an ExpressionError saying what it cannot read. */
export function parseExpression(source: string): Expression {
  const list = tokens(source);
  let at = 0;
  const peek = () => list[at];
  const isWord = (...words: string[]) => {
    const token = peek();
    return token !== undefined && (token.t === 'word' || token.t === 'op') && words.includes(token.v);
  };

  function or(): Expression {
    const items = [and()];
    while (isWord('or', '||')) {
      at++;
      items.push(and());
    }
    return items.length === 1 ? items[0]! : { kind: 'or', items };
  }
  function and(): Expression {
    const items = [unary()];
    while (isWord('and', '&&')) {
      at++;
      items.push(unary());
    }
    return items.length === 1 ? items[0]! : { kind: 'and', items };
  }
  function unary(): Expression {
    if (isWord('not', '!')) {
      at++;
      return { kind: 'not', item: unary() };
    }
    const token = peek();
    if (token?.t === 'punct' && token.v === '(') {
      at++;
      const inner = or();
      const close = peek();
      if (close?.t !== 'punct' || close.v !== ')') throw new ExpressionError('A "(" is not closed');
      at++;
      return inner;
    }
    return comparison();
  }
  function constant(): Constant {
    const token = peek();
    if (token?.t !== 'const')
      throw new ExpressionError('Compares with something other than a constant value');
    at++;
    return token.v;
  }
  function array(): Constant[] {
    const open = peek();
    if (open?.t !== 'punct' || open.v !== '[') return [constant()];
    at++;
    const values: Constant[] = [];
    while (!(peek()?.t === 'punct' && peek()?.v === ']')) {
      values.push(constant());
      if (peek()?.t === 'punct' && peek()?.v === ',') at++;
      else if (!(peek()?.t === 'punct' && peek()?.v === ']'))
        throw new ExpressionError('A "[" is not closed');
    }
    at++;
    return values;
  }
  function comparison(): Comparison {
    const token = peek();
    if (token?.t !== 'var') {
      throw new ExpressionError(
        token?.t === 'word'
          ? `Uses "${token.v}", which a condition cannot say`
          : 'Does not start with a {question}',
      );
    }
    at++;
    const opToken = peek();
    const op =
      opToken !== undefined && (opToken.t === 'op' || opToken.t === 'word')
        ? COMPARISON_WORDS[opToken.v]
        : undefined;
    if (op === undefined) throw new ExpressionError(`{${token.v}} is not compared with a value`);
    at++;
    if (op === 'empty' || op === 'notempty') return { kind: 'cmp', name: token.v, op };
    if (op === 'anyof' || op === 'allof') return { kind: 'cmp', name: token.v, op, value: array() };
    if (peek()?.t === 'var') throw new ExpressionError('Compares two questions, which a condition cannot');
    return { kind: 'cmp', name: token.v, op, value: constant() };
  }

  const tree = or();
  if (at < list.length) throw new ExpressionError('Has more after a complete condition');
  return tree;
}

/** A comparison as one clause of a group, possibly negated. */
export interface Clause {
  comparison: Comparison;
  negated: boolean;
}

/** The most groups, and clauses in one, a condition takes (the schema's limits). */
const MAX_GROUPS = 20;
const MAX_CLAUSES = 20;

/**
 * The expression as OR'd groups of AND'd clauses (a disjunctive normal form), `not` pushed down to
 * the comparisons. `anyof` and `allof` stay clauses: the caller knows the question's type.
 */
export function groupsOf(expression: Expression, negated = false): Clause[][] {
  switch (expression.kind) {
    case 'cmp':
      return [[{ comparison: expression, negated }]];
    case 'not':
      return groupsOf(expression.item, !negated);
    default: {
      const parts = expression.items.map((item) => groupsOf(item, negated));
      // Negation swaps and and or (De Morgan).
      const conjunction = (expression.kind === 'and') !== negated;
      if (!conjunction) return limited(parts.flat());
      let product: Clause[][] = [[]];
      for (const part of parts) {
        product = limited(product.flatMap((left) => part.map((right) => [...left, ...right])));
      }
      return product;
    }
  }
}

function limited(groups: Clause[][]): Clause[][] {
  if (groups.length > MAX_GROUPS || groups.some((g) => g.length > MAX_CLAUSES)) {
    throw new ExpressionError(`Needs more than ${MAX_GROUPS} groups of at most ${MAX_CLAUSES} conditions`);
  }
  return groups;
}
