import type { Condition, Field, FormVariable, JsonValue, Section, SectionJump } from '@formloom/contract';
import {
  alwaysGroups,
  andGroups,
  asConditionGroups,
  fitsLimits,
  type Groups,
  groupsLogic,
  type ImportReport,
  isRecord,
  type JumpOrigins,
  orGroups,
  text,
} from './import-kit.js';
import type { Raw, Target } from './typeform-questions.js';

/** How deep and/or conditions may nest: Typeform's builder makes two or three levels. */
const MAX_DEPTH = 8;

/** What Typeform's logic is read with: the form read so far, and where its parts came from. */
export interface TypeformLogicContext {
  readonly doc: { logic?: Raw[] | undefined; variables?: Record<string, unknown> | undefined };
  readonly report: ImportReport;
  readonly targets: Map<string, Target>;
  /** Typeform's variable (score, price) -> its Formloom id. */
  readonly variables: Map<string, string>;
  readonly sections: Section[];
  readonly fields: Field[];
  /** A thank-you screen's ref -> its ending's id. */
  readonly endingIds: Map<string, string>;
  readonly groupFirst: Map<string, string>;
  readonly jumpOrigins: JumpOrigins;
  readonly variableOrigins: Map<string, string>;
}

/**
 * Typeform's logic: a jump becomes a jump out of the page of the question it follows (Formloom
 * jumps leave pages); adding to and subtracting from score or price become one variable each, the
 * sum of each addition under its condition.
 */
export class TypeformLogic {
  constructor(private readonly c: TypeformLogicContext) {}

  /** Jumps become jumps out of the question's page; score and price sums become variables. */
  read(): FormVariable[] {
    const sums = new Map<string, JsonValue[]>();
    for (const [name, id] of this.c.variables) {
      const initial = this.c.doc.variables?.[name];
      sums.set(name, [typeof initial === 'number' ? initial : 0]);
      this.c.variableOrigins.set(id, `$.variables.${name}`);
    }
    (this.c.doc.logic ?? []).forEach((rule, r) => {
      const path = `$.logic[${r}]`;
      const ref = text(rule.ref);
      const from =
        rule.type === 'hidden'
          ? this.c.sections[0]
          : this.c.sections.find((s) => s.id === this.sectionOfRef(ref ?? ''));
      if (rule.type === 'hidden') {
        this.c.report.add(
          path,
          'Typeform decides these jumps before the first question; Formloom after the first page',
        );
      }
      (Array.isArray(rule.actions) ? rule.actions : []).forEach((action, a) => {
        const at = `${path}.actions[${a}]`;
        if (!isRecord(action)) return;
        const details = isRecord(action.details) ? action.details : {};
        const groups = this.condition(action.condition, `${at}.condition`, from);
        if (groups === undefined) return;
        if (action.action === 'jump') {
          this.jump(from, groups, details, at);
          return;
        }
        const targetVar = isRecord(details.target) ? text(details.target.value) : undefined;
        const sum = targetVar === undefined ? undefined : sums.get(targetVar);
        const amount = this.amount(details.value);
        if (
          sum === undefined ||
          amount === undefined ||
          (action.action !== 'add' && action.action !== 'subtract')
        ) {
          this.c.report.add(
            at,
            `"${String(action.action)}" on a variable is not carried over: only adding and subtracting numbers are`,
          );
          return;
        }
        const signed: JsonValue = action.action === 'add' ? amount : { '-': [0, amount] };
        sum.push({ if: [groupsLogic(groups, this.multipleIds()), signed, 0] });
      });
    });
    const variables: FormVariable[] = [];
    for (const [name, terms] of sums) {
      variables.push({
        id: this.c.variables.get(name)!,
        type: 'number',
        expression: terms.length === 1 ? terms[0]! : { '+': terms },
      });
    }
    return variables;
  }

  private multipleIds(): Set<string> {
    return new Set([...this.c.targets.values()].filter((t) => t.multiple).map((t) => t.id));
  }

  private sectionOfRef(ref: string): string | undefined {
    const first = this.c.groupFirst.get(ref);
    if (first !== undefined) return this.c.fields.find((f) => f.id === first)?.sectionId;
    const target = this.c.targets.get(ref);
    if (target === undefined) return undefined;
    return target.sectionId ?? this.c.fields.find((f) => f.id === target.id)?.sectionId;
  }

  private amount(value: unknown): JsonValue | undefined {
    if (!isRecord(value)) return undefined;
    if (value.type === 'constant' && typeof value.value === 'number') return value.value;
    if (value.type === 'field' && typeof value.value === 'string') {
      const target = this.c.targets.get(value.value);
      if (target?.type === 'number') return { var: [target.id, 0] };
    }
    if (value.type === 'variable' && typeof value.value === 'string' && this.c.variables.has(value.value)) {
      return { var: [this.c.variables.get(value.value)!, 0] };
    }
    return undefined;
  }

  private jump(from: Section | undefined, groups: Groups, details: Raw, at: string): void {
    const to = isRecord(details.to) ? details.to : {};
    const value = text(to.value) ?? '';
    if (from === undefined) {
      this.c.report.add(at, 'A jump from a question that is not in the form: left out');
      return;
    }
    const target =
      to.type === 'thankyou'
        ? this.c.endingIds.has(value)
          ? { ending: this.c.endingIds.get(value)! }
          : undefined
        : this.sectionOfRef(value) === undefined
          ? undefined
          : { section: this.sectionOfRef(value)! };
    if (target === undefined) {
      this.c.report.add(
        isRecord(details.to) ? `${at}.details.to` : at,
        `Jumps to "${value}", which is not in the form: left out`,
      );
      return;
    }
    if ('section' in target && target.section === from.id) {
      // A jump to the question's own page (inside a group) changes nothing.
      return;
    }
    const jump: SectionJump = { conditionGroups: asConditionGroups(groups), to: target };
    this.c.jumpOrigins.set(jump, at);
    from.jumps = [...(from.jumps ?? []), jump];
    if (from.jumps.length > 20) {
      from.jumps.pop();
      this.c.report.add(at, 'Formloom takes 20 jumps from a page: left out');
    }
  }

  /** A Typeform condition as Formloom condition groups; undefined (and reported) when it has none. */
  private condition(condition: unknown, path: string, from: Section | undefined): Groups | undefined {
    const groups = this.groups(condition, path, from);
    if (groups === undefined) return undefined;
    if (!fitsLimits(groups)) {
      this.c.report.add(
        path,
        'The condition has too many alternatives for Formloom (20 groups of 20): left out',
      );
      return undefined;
    }
    return groups;
  }

  private groups(condition: unknown, path: string, from: Section | undefined, depth = 0): Groups | undefined {
    if (depth > MAX_DEPTH) {
      this.c.report.add(path, `Conditions nested deeper than ${MAX_DEPTH}: left out`);
      return undefined;
    }
    if (!isRecord(condition)) {
      this.c.report.add(path, 'No condition: left out');
      return undefined;
    }
    const op = String(condition.op);
    const vars = Array.isArray(condition.vars) ? condition.vars : [];
    if (op === 'and' || op === 'or') {
      const parts = vars.map((v, i) => this.groups(v, `${path}.vars[${i}]`, from, depth + 1));
      if (parts.some((p) => p === undefined)) return undefined;
      return op === 'and' ? andGroups(...(parts as Groups[])) : orGroups(...(parts as Groups[]));
    }
    if (op === 'always') {
      const anchor =
        this.c.fields.find((f) => f.sectionId === from?.id && f.type !== 'hidden') ??
        this.c.fields.find((f) => f.sectionId === from?.id);
      if (anchor === undefined) {
        this.c.report.add(path, 'An unconditional jump from a page without questions: left out');
        return undefined;
      }
      return alwaysGroups(anchor.id);
    }
    const subject = vars.find(
      (v) => isRecord(v) && ['field', 'hidden', 'variable'].includes(String(v.type)),
    ) as Raw | undefined;
    const object = vars.find((v) => v !== subject) as Raw | undefined;
    const target =
      subject === undefined
        ? undefined
        : subject.type === 'field'
          ? this.c.targets.get(String(subject.value))
          : subject.type === 'hidden'
            ? this.c.targets.get(`hidden:${String(subject.value)}`)
            : this.c.variables.has(String(subject.value))
              ? {
                  id: this.c.variables.get(String(subject.value))!,
                  type: 'number' as const,
                  multiple: false,
                  choices: new Map(),
                }
              : undefined;
    if (target === undefined || (object === undefined && !['is_empty', 'is_not_empty'].includes(op))) {
      this.c.report.add(path, 'The condition names something that is not in the form: left out');
      return undefined;
    }
    let value: string | number | boolean | undefined;
    if (object?.type === 'choice') value = target.choices.get(String(object.value));
    else if (object !== undefined && ['string', 'number', 'boolean'].includes(typeof object.value))
      value = object.value as string | number | boolean;
    // A yes/no question has no choices of its own: Typeform compares it with true or false.
    if (target.type === 'radio' && target.choices.size === 0 && typeof value === 'boolean')
      value = value ? 'yes' : 'no';
    if (object !== undefined && value === undefined) {
      this.c.report.add(path, 'The condition compares with a choice that is not in the question: left out');
      return undefined;
    }
    const leaf = (operator: Condition['operator']): Groups => [
      [
        {
          fieldId: target.id,
          operator,
          ...(value === undefined || ['isChecked', 'isNotChecked', 'isEmpty', 'isNotEmpty'].includes(operator)
            ? {}
            : { value }),
        },
      ],
    ];
    const listed = target.multiple || target.type === 'ranking' || target.type === 'matrix';
    switch (op) {
      case 'is':
      case 'equal':
      case 'on':
        if (target.type === 'consent') return leaf(value === false ? 'isNotChecked' : 'isChecked');
        return leaf(listed ? 'contains' : 'equals');
      case 'is_not':
      case 'not_equal':
      case 'not_on':
        if (target.type === 'consent') return leaf(value === false ? 'isChecked' : 'isNotChecked');
        return leaf(listed ? 'notContains' : 'notEquals');
      case 'greater_than':
        return leaf('greaterThan');
      case 'lower_than':
        return leaf('lessThan');
      case 'greater_equal_than':
        return leaf('greaterThanOrEqual');
      case 'lower_equal_than':
        return leaf('lessThanOrEqual');
      case 'begins_with':
        return leaf('startsWith');
      case 'ends_with':
        return leaf('endsWith');
      case 'contains':
        return leaf('contains');
      case 'not_contains':
        return leaf('notContains');
      case 'earlier_than':
        return leaf('before');
      case 'later_than':
        return leaf('after');
      case 'earlier_than_or_on':
        return orGroups(leaf('before'), leaf('equals'));
      case 'later_than_or_on':
        return orGroups(leaf('after'), leaf('equals'));
      default:
        this.c.report.add(path, `The operator "${op}" has no Formloom counterpart: left out`);
        return undefined;
    }
  }
}
