import type { Condition, ConditionalLogic, ConditionValue, FieldType, FormSchema } from '@formloom/contract';
import {
  CONDITION_OPERATORS,
  type ConditionOperator,
  markingVariables,
  operatorAppliesTo,
  VALUELESS_OPERATORS,
} from '@formloom/contract';
import { questionHooks } from '@formloom/contract/engine';
import { Button, Checkbox, Fieldset, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTexts } from '../../i18n/texts.js';
import { countryChoices, useCountries } from './countries.js';
import { named, useNames, withCurrent } from './names.js';
import { questionTexts } from './question-texts.js';
import { builderTexts } from './texts.js';

/** What a condition, a rule's `when` or a variable may refer to: a field or a variable. */
export interface Target {
  id: string;
  label: string;
  /** A variable's answers compare like a number or a text field's. */
  type: FieldType;
  /** The answers it compares with: a choice's options, a matrix's columns. */
  options: readonly { label: string; value: string }[];
  /** A matrix's rows: a condition on a matrix names one. */
  rows: readonly { id: string; label: string }[];
  /** A ranking's places (1 = best): a condition may read the option ranked at one. */
  places: number;
  /**
   * A value as the type stores its answers, which is what the engine compares it with (a phone
   * number as E.164); undefined when it is none. Absent: a value is kept as entered.
   */
  stored?: ((value: string) => string | undefined) | undefined;
  /**
   * A field of a repeating section named from outside it: the section's name. The condition then
   * says whether it must hold in any entry or in every one (`entry`).
   */
  entriesOf?: string | undefined;
}

/**
 * Every field with an answer (a statement has none) but `exceptId`, then the variables, as a
 * condition in `inside` (the repeating section it belongs to, if any) may name them: inside one,
 * its own fields and the fields outside repeating sections, no variable; outside, every field, a
 * repeating section's with the choice of entries (docs/form-model.md "Repeating sections").
 * A variable that reads the quiz's marks (`correct`, `correctCount`) has a value on the server
 * only, so the integrity check lets only an ending's conditions name it: it is offered with
 * `marks: true` alone (docs/form-model.md "Quizzes").
 */
export function targetsOf(
  schema: FormSchema,
  exceptId?: string,
  inside?: string,
  { marks = false }: { marks?: boolean } = {},
): Target[] {
  const repeating = new Map(
    schema.sections.filter((s) => s.repeat !== undefined).map((s) => [s.id, s.title || s.id]),
  );
  const fields: Target[] = schema.fields
    .filter(
      (f) =>
        f.id !== exceptId &&
        f.type !== 'statement' &&
        (inside === undefined || f.sectionId === inside || !repeating.has(f.sectionId)),
    )
    .map((f) => ({
      id: f.id,
      label: `${f.label} (${f.id})`,
      type: f.type,
      options: f.type === 'matrix' ? (f.matrix?.columns ?? []) : (f.options ?? []),
      rows: f.type === 'matrix' ? (f.matrix?.rows ?? []) : [],
      places: f.type === 'ranking' ? (f.ranking?.top ?? f.options?.length ?? 0) : 0,
      stored: f.type === 'phone' ? questionHooks()?.comparedAs(f).stored : undefined,
      entriesOf: f.sectionId === inside ? undefined : repeating.get(f.sectionId),
    }));
  const marking = marks ? new Set<string>() : markingVariables(schema);
  const variables: Target[] =
    inside === undefined
      ? (schema.variables ?? [])
          .filter((v) => !marking.has(v.id))
          .map((v) => ({
            id: v.id,
            label: `${v.id} (variable)`,
            type: v.type === 'number' ? 'number' : 'text',
            options: [],
            rows: [],
            places: 0,
          }))
      : [];
  return [...fields, ...variables];
}

type Entry = NonNullable<Condition['entry']>;
/** How a condition outside a repeating section reads the entries: true in any, or in every one. */
const ENTRIES: readonly Entry[] = ['any', 'all'];

const isValueless = (op: ConditionOperator) => (VALUELESS_OPERATORS as readonly string[]).includes(op);

/**
 * The operators a condition may use on its target, as the engine allows them for the type; a
 * ranking's place is compared with `equals` alone (docs/form-model.md "Question types").
 */
export function operatorsFor(
  target: Target | undefined,
  condition: Pick<Condition, 'rank'>,
): ConditionOperator[] {
  if (target?.type === 'ranking' && condition.rank !== undefined) return ['equals'];
  return CONDITION_OPERATORS.filter((op) => target === undefined || operatorAppliesTo(op, target.type));
}

/**
 * A condition pointed at another field or variable: its operator kept when it applies to the new
 * target, else the first that does (a checkbox has no `equals`); the old value is dropped, as it
 * was an answer to the other field, and so are a row, a place, a part and the entries read (any,
 * by default); a matrix's condition names its first row, an address's its country (the one part a
 * condition compares).
 */
export function retarget(condition: Condition, targets: readonly Target[], fieldId: string): Condition {
  const target = targets.find((x) => x.id === fieldId);
  const operators = operatorsFor(target, {});
  const operator = operators.includes(condition.operator)
    ? condition.operator
    : (operators[0] ?? condition.operator);
  const { value: _drop, row: _row, rank: _rank, part: _part, entry: _entry, ...rest } = condition;
  const row = target?.rows[0]?.id;
  const base: Condition =
    row !== undefined
      ? { ...rest, fieldId, row, operator }
      : target?.type === 'address'
        ? { ...rest, fieldId, part: 'country', operator }
        : { ...rest, fieldId, operator };
  return isValueless(operator) ? base : { ...base, value: '' };
}

/** A ranking's condition on a place (`equals`) or on being ranked at all (the first operator that applies). */
function withRank(condition: Condition, target: Target | undefined, rank: number | undefined): Condition {
  const { rank: _drop, value, ...rest } = condition;
  if (rank !== undefined) return { ...rest, rank, operator: 'equals', value: value ?? '' };
  const operators = operatorsFor(target, {});
  const operator = operators.includes(rest.operator) ? rest.operator : (operators[0] ?? rest.operator);
  return isValueless(operator) ? { ...rest, operator } : { ...rest, operator, value: value ?? '' };
}

/**
 * A typed value from what was entered: a number for a number target, a phone number as E.164 (a
 * national one read in the field's default country), else the text.
 */
export function coerce(target: Target | undefined, raw: string): ConditionValue {
  if (target?.type === 'number' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  return target?.stored?.(raw) ?? raw;
}

/** UTC offsets from -12:00 to +14:00 in quarter hours, as ISO 8601 writes them. */
const OFFSETS = Array.from({ length: 105 }, (_, i) => offsetText((i - 48) * 15));

function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A date and time with its offset, split for the inputs: the local part to the minute, the offset. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** An input of a condition's value, labelled, disabled for a viewer. */
interface ValueInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

/**
 * A datetime's value (ISO 8601 with its offset, compared as an instant): a date and time input and
 * the offset it is meant in (at first the browser's own).
 */
function DateTimeValue({ label, value, onChange, disabled }: ValueInputProps) {
  const q = useTexts(questionTexts);
  const parts = DATE_TIME.exec(value);
  const [chosen, setChosen] = useState(() => offsetText(-new Date().getTimezoneOffset()));
  const offset = parts === null ? chosen : parts[3] === 'Z' ? '+00:00' : parts[3]!;
  const local = parts?.[1] ?? '';
  const join = (at: string, off: string) => (at === '' ? '' : `${at}${parts?.[2] ?? ':00'}${off}`);
  return (
    <>
      <TextInput
        label={label}
        type="datetime-local"
        disabled={disabled}
        value={local}
        onChange={(e) => onChange(join(e.currentTarget.value, offset))}
      />
      <NativeSelect
        label={q('utcOffset', { label })}
        disabled={disabled}
        value={offset}
        data={withCurrent(OFFSETS, offset).map((o) => ({ value: o, label: `UTC${o}` }))}
        onChange={(e) => {
          setChosen(e.currentTarget.value);
          onChange(join(local, e.currentTarget.value));
        }}
      />
    </>
  );
}

/** An address's country, chosen by name. */
function CountryValue({ label, value, onChange, disabled }: ValueInputProps) {
  const countries = useCountries();
  return (
    <NativeSelect
      label={label}
      disabled={disabled}
      value={value}
      data={countryChoices(countries, value, '—')}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/**
 * A phone number: stored as E.164 once it is one ("030 1234567" with the default country DE is
 * kept as `+49301234567`), shown as typed until the input is left.
 */
function PhoneValue({ label, value, onChange, disabled, target }: ValueInputProps & { target: Target }) {
  const [typed, setTyped] = useState<string | undefined>(undefined);
  return (
    <TextInput
      label={label}
      type="tel"
      disabled={disabled}
      value={typed ?? value}
      onChange={(e) => {
        setTyped(e.currentTarget.value);
        onChange(String(coerce(target, e.currentTarget.value)));
      }}
      onBlur={() => setTyped(undefined)}
    />
  );
}

/**
 * A value input for a target: its options when it has them, a country for an address, a time or
 * a date and time for those types, a phone number kept as E.164, else free text.
 */
export function ValueInput({
  target,
  label,
  value,
  onChange,
  disabled,
}: {
  target: Target | undefined;
  label: string;
  value: ConditionValue | undefined;
  onChange: (value: ConditionValue) => void;
  disabled: boolean;
}) {
  if (target !== undefined && target.options.length > 0) {
    return (
      <NativeSelect
        label={label}
        disabled={disabled}
        value={String(value ?? '')}
        data={[{ label: '—', value: '' }, ...target.options.map((o) => ({ label: o.label, value: o.value }))]}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  const text = String(value ?? '');
  if (target?.type === 'address')
    return <CountryValue label={label} value={text} onChange={onChange} disabled={disabled} />;
  if (target?.type === 'datetime')
    return <DateTimeValue label={label} value={text} onChange={onChange} disabled={disabled} />;
  if (target?.type === 'phone')
    return <PhoneValue label={label} value={text} onChange={onChange} disabled={disabled} target={target} />;
  return (
    <TextInput
      label={label}
      disabled={disabled}
      type={target?.type === 'date' || target?.type === 'time' ? target.type : 'text'}
      value={String(value ?? '')}
      onChange={(e) => onChange(coerce(target, e.currentTarget.value))}
    />
  );
}

type Groups = ConditionalLogic['conditionGroups'];

/**
 * Conditions in groups, as show/hide, a jump and an ending take them: groups are OR'd, the
 * conditions of a group AND'd; each condition picks a field or variable and one of the 16
 * operators that applies to it. Removing the last condition leaves no groups (`undefined`).
 * `prefix` names whose conditions these are where several editors share a panel ("Jump 2").
 */
export function ConditionGroupsEditor({
  groups,
  onChange,
  targets,
  disabled,
  prefix,
}: {
  groups: Groups;
  onChange: (groups: Groups | undefined) => void;
  targets: readonly Target[];
  disabled: boolean;
  prefix?: string | undefined;
}) {
  const t = useTexts(builderTexts);
  const q = useTexts(questionTexts);
  const words = useNames();
  const first = targets[0];
  const withPrefix = (text: string) => (prefix === undefined ? text : `${prefix}: ${text}`);
  const blank = (): Condition =>
    retarget({ fieldId: first?.id ?? '', operator: 'equals', value: '' }, targets, first?.id ?? '');
  const set = (next: Groups) => onChange(next.length === 0 ? undefined : next);
  const setCondition = (g: number, c: number, next: Condition) =>
    set(
      groups.map((group, gi) =>
        gi === g ? { conditions: group.conditions.map((cond, ci) => (ci === c ? next : cond)) } : group,
      ),
    );
  return (
    <>
      {groups.map((group, g) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups have no id; their place is their identity
        <Stack key={g} gap="xs">
          {g > 0 ? (
            <Text fw={700} size="sm">
              {t('orGroup')}
            </Text>
          ) : null}
          <Fieldset legend={withPrefix(t('group', { n: g + 1 }))} variant="filled">
            <Stack gap="xs">
              {group.conditions.map((condition, c) => {
                const target = targets.find((x) => x.id === condition.fieldId);
                const names = { g: g + 1, c: c + 1 };
                const operators = operatorsFor(target, condition);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id either
                  <Group key={c} align="flex-end" gap="xs" wrap="wrap">
                    <NativeSelect
                      label={withPrefix(t('conditionField', names))}
                      value={condition.fieldId}
                      data={[
                        ...(target === undefined
                          ? [{ value: condition.fieldId, label: condition.fieldId }]
                          : []),
                        ...targets.map((x) => ({ value: x.id, label: x.label })),
                      ]}
                      onChange={(e) =>
                        setCondition(g, c, retarget(condition, targets, e.currentTarget.value))
                      }
                    />
                    {target?.entriesOf === undefined ? null : (
                      <NativeSelect
                        label={withPrefix(t('conditionEntry', names))}
                        value={condition.entry ?? 'any'}
                        data={ENTRIES.map((entry) => ({
                          value: entry,
                          label: t(entry === 'any' ? 'entryAny' : 'entryAll', {
                            section: target.entriesOf ?? '',
                          }),
                        }))}
                        onChange={(e) =>
                          setCondition(g, c, { ...condition, entry: e.currentTarget.value as Entry })
                        }
                      />
                    )}
                    {target !== undefined && target.type === 'matrix' ? (
                      <NativeSelect
                        label={withPrefix(q('conditionRow', names))}
                        value={condition.row ?? ''}
                        data={[
                          ...(condition.row === undefined || !target.rows.some((r) => r.id === condition.row)
                            ? [{ value: condition.row ?? '', label: condition.row ?? '—' }]
                            : []),
                          ...target.rows.map((r) => ({ value: r.id, label: r.label })),
                        ]}
                        onChange={(e) => setCondition(g, c, { ...condition, row: e.currentTarget.value })}
                      />
                    ) : null}
                    {target !== undefined && target.type === 'address' ? (
                      <NativeSelect
                        label={withPrefix(q('conditionPart', names))}
                        value={condition.part ?? ''}
                        data={[
                          ...(condition.part === undefined ? [{ value: '', label: '—' }] : []),
                          { value: 'country', label: q('partCountry') },
                        ]}
                        onChange={(e) =>
                          setCondition(g, c, { ...condition, part: e.currentTarget.value as 'country' })
                        }
                      />
                    ) : null}
                    {target !== undefined && target.type === 'ranking' ? (
                      <NativeSelect
                        label={withPrefix(q('conditionRank', names))}
                        value={condition.rank === undefined ? '' : String(condition.rank)}
                        data={[
                          { value: '', label: q('anyPlace') },
                          ...Array.from({ length: Math.max(target.places, condition.rank ?? 0) }, (_, i) => ({
                            value: String(i + 1),
                            label: q('place', { n: i + 1 }),
                          })),
                        ]}
                        onChange={(e) => {
                          const raw = e.currentTarget.value;
                          setCondition(
                            g,
                            c,
                            withRank(condition, target, raw === '' ? undefined : Number(raw)),
                          );
                        }}
                      />
                    ) : null}
                    <NativeSelect
                      label={withPrefix(t('conditionOperator', names))}
                      value={condition.operator}
                      data={named(withCurrent(operators, condition.operator), words.operator)}
                      onChange={(e) => {
                        const operator = e.currentTarget.value as ConditionOperator;
                        const { value: old, ...rest } = condition;
                        setCondition(
                          g,
                          c,
                          isValueless(operator)
                            ? { ...rest, operator }
                            : { ...rest, operator, value: old ?? '' },
                        );
                      }}
                    />
                    {isValueless(condition.operator) ? null : (
                      <ValueInput
                        target={target}
                        label={withPrefix(t('conditionValue', names))}
                        value={condition.value}
                        disabled={disabled}
                        onChange={(v) => setCondition(g, c, { ...condition, value: v })}
                      />
                    )}
                    <Button
                      variant="subtle"
                      color="red"
                      aria-label={withPrefix(t('removeCondition', names))}
                      onClick={() => {
                        const conditions = group.conditions.filter((_, ci) => ci !== c);
                        set(
                          conditions.length === 0
                            ? groups.filter((_, gi) => gi !== g)
                            : groups.map((x, gi) => (gi === g ? { conditions } : x)),
                        );
                      }}
                    >
                      ×
                    </Button>
                  </Group>
                );
              })}
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  onClick={() =>
                    set(groups.map((x, gi) => (gi === g ? { conditions: [...x.conditions, blank()] } : x)))
                  }
                >
                  {t('addCondition')}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  // Its name is long ("Jump 2: Remove group 2"): in a narrow column it wraps, not cut off.
                  styles={{ root: { height: 'auto', minHeight: 30 }, label: { whiteSpace: 'normal' } }}
                  onClick={() => set(groups.filter((_, gi) => gi !== g))}
                >
                  {withPrefix(t('removeGroup', { g: g + 1 }))}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        </Stack>
      ))}
      <Button variant="default" size="xs" onClick={() => set([...groups, { conditions: [blank()] }])}>
        {t('addGroup')}
      </Button>
    </>
  );
}

/** A first group of one condition on the first target: what turning conditions on starts with. */
export function firstGroups(targets: readonly Target[]): Groups {
  const id = targets[0]?.id ?? '';
  return [{ conditions: [retarget({ fieldId: id, operator: 'equals', value: '' }, targets, id)] }];
}

/** Show or hide by conditions: an action and the groups of `ConditionGroupsEditor`. */
export function ConditionEditor({
  value,
  onChange,
  targets,
  disabled,
}: {
  value: ConditionalLogic | undefined;
  onChange: (value: ConditionalLogic | undefined) => void;
  targets: readonly Target[];
  disabled: boolean;
}) {
  const t = useTexts(builderTexts);
  return (
    <Fieldset legend={t('logic')} disabled={disabled}>
      <Stack gap="xs">
        <Checkbox
          label={t('useLogic')}
          checked={value !== undefined}
          disabled={disabled || (value === undefined && targets.length === 0)}
          onChange={(e) =>
            onChange(
              e.currentTarget.checked ? { action: 'show', conditionGroups: firstGroups(targets) } : undefined,
            )
          }
        />
        {value === undefined ? null : (
          <>
            <NativeSelect
              label={t('action')}
              value={value.action}
              data={[
                { value: 'show', label: t('show') },
                { value: 'hide', label: t('hide') },
              ]}
              onChange={(e) => onChange({ ...value, action: e.currentTarget.value as 'show' | 'hide' })}
            />
            <ConditionGroupsEditor
              groups={value.conditionGroups}
              targets={targets}
              disabled={disabled}
              onChange={(groups) =>
                onChange(groups === undefined ? undefined : { ...value, conditionGroups: groups })
              }
            />
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
