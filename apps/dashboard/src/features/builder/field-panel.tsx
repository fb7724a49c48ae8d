import type { Field, FieldOption, FormSchema, RuleWhen, ValidationRule } from '@formloom/contract';
import { FIELD_TYPES, WHEN_TARGET_TYPES } from '@formloom/contract';
import { RULE_FIELD_TYPES, type SchemaProblem } from '@formloom/contract/engine';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTexts } from '../../i18n/texts.js';
import { ConditionEditor, targetsOf, ValueInput } from './condition-editor.js';
import { named, useNames, withCurrent } from './names.js';
import { OptionImage } from './option-image.js';
import { ProblemList, problemsAt } from './problems.js';
import { ChoiceSettings, num, QuestionSettings } from './question-settings.js';
import { RecallInput } from './recall-input.js';
import { changeType, isMultiChoice, isOptionType, repeatingSectionOf } from './schema-edit.js';
import { builderTexts } from './texts.js';

const RULE_TYPES = Object.keys(RULE_FIELD_TYPES) as ValidationRule['type'][];
/**
 * The rules a field takes, as the engine lists them per type; a choice's count (minLength,
 * maxLength) only when it is a multiple one (a select or picture choice may be either).
 */
function rulesFor(field: Field): ValidationRule['type'][] {
  return RULE_TYPES.filter(
    (x) =>
      (RULE_FIELD_TYPES[x] as readonly string[]).includes(field.type) &&
      !((x === 'minLength' || x === 'maxLength') && isOptionType(field.type) && !isMultiChoice(field)),
  );
}
const PLACEHOLDER_TYPES = new Set(['text', 'textarea', 'number', 'email', 'select', 'date', 'phone', 'url']);

/**
 * The rule "Add a rule" starts with: a typed field's maximum length, else its pattern (a phone
 * takes no length), else `required`.
 */
function firstRule(field: Field): ValidationRule['type'] {
  if (!(RULE_FIELD_TYPES.pattern as readonly string[]).includes(field.type)) return 'required';
  return rulesFor(field).includes('maxLength') ? 'maxLength' : 'pattern';
}

/**
 * A rule's `when` without its comparison: the field, the part of it compared (row, place, part)
 * and, for a field of a repeating section named from outside, the entries it is read in.
 */
function whenSubject(when: RuleWhen): Pick<RuleWhen, 'field' | 'row' | 'rank' | 'part' | 'entry'> {
  const { field, row, rank, part, entry } = when;
  return {
    field,
    ...(row === undefined ? {} : { row }),
    ...(rank === undefined ? {} : { rank }),
    ...(part === undefined ? {} : { part }),
    ...(entry === undefined ? {} : { entry }),
  };
}

const ENTRIES: readonly NonNullable<RuleWhen['entry']>[] = ['any', 'all'];

function newRule(type: ValidationRule['type']): ValidationRule {
  switch (type) {
    case 'required':
      return { type };
    case 'pattern':
      return { type, value: '.*' };
    default:
      return { type, value: 0 };
  }
}

export function FieldPanel({
  schema,
  field,
  onChange,
  problems,
  disabled,
  fresh = false,
}: {
  schema: FormSchema;
  field: Field;
  onChange: (next: Field, key: string) => void;
  problems: readonly SchemaProblem[];
  disabled: boolean;
  /** Just added: its label takes the focus, to be named at once. */
  fresh?: boolean;
}) {
  const t = useTexts(builderTexts);
  const names = useNames();
  const update = (changes: Partial<Field>, key: keyof Field) =>
    onChange({ ...field, ...changes } as Field, `${field.id}.${String(key)}`);
  const set = <K extends keyof Field>(key: K, value: Field[K] | undefined) =>
    update({ [key]: value } as Partial<Field>, key);
  const rules = field.validation?.rules ?? [];
  const setRules = (next: ValidationRule[]) =>
    set('validation', next.length === 0 ? undefined : { rules: next });
  const setRule = (r: number, next: ValidationRule) => setRules(rules.map((x, i) => (i === r ? next : x)));
  const options = field.options ?? [];
  const setOption = (o: number, next: FieldOption) =>
    set(
      'options',
      options.map((x, i) => (i === o ? next : x)),
    );
  // The option whose label takes the focus once it is drawn: a new one (to be named at once), or
  // the one that moved into a removed option's place, so the keyboard never falls to the page.
  const [focusOption, setFocusOption] = useState<number | undefined>();
  const optionLabels = useRef<(HTMLInputElement | null)[]>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOption === undefined) return;
    const input = optionLabels.current[focusOption];
    if (input) {
      input.focus();
      input.select();
    } else addButton.current?.focus();
    setFocusOption(undefined);
  }, [focusOption]);
  // Inside a repeating section a condition, and a rule's `when`, reads the entry it is in; outside
  // one, a field of a repeating section is read in any or every entry (`entry`).
  const inside = repeatingSectionOf(schema, field.id)?.id;
  const targets = targetsOf(schema, field.id, inside);
  const whenTargets = targets.filter((x) => WHEN_TARGET_TYPES.includes(x.type));
  const hidden = field.type === 'hidden';
  // A statement is shown, never answered: nothing to require, validate or prefill.
  const answered = field.type !== 'statement' && field.type !== 'payment';
  const prefillOn = hidden || field.prefill !== undefined;
  // A rule's problems show in the rule (an unsafe pattern beside the pattern); the rest on top.
  const rulesPath = `$.fields[${schema.fields.indexOf(field)}].validation.rules`;
  const ruleProblems = (r: number) => problemsAt(problems, `${rulesPath}[${r}]`);

  return (
    <Stack gap="sm">
      <ProblemList problems={problems.filter((p) => !p.path.startsWith(`${rulesPath}[`))} />
      <TextInput label={t('fieldId')} value={field.id} readOnly />
      <NativeSelect
        label={t('fieldType')}
        value={field.type}
        data={named(FIELD_TYPES, names.type)}
        disabled={disabled}
        onChange={(e) =>
          onChange(changeType(field, e.currentTarget.value as Field['type']), `${field.id}.type`)
        }
      />
      <RecallInput
        label={t('label')}
        required
        focusOnMount={fresh}
        value={field.label}
        schema={schema}
        inside={inside}
        disabled={disabled}
        onChange={(text) => set('label', text)}
      />
      <RecallInput
        label={t('helpText')}
        multiline
        value={field.helpText ?? ''}
        schema={schema}
        inside={inside}
        disabled={disabled}
        onChange={(text) => set('helpText', text === '' ? undefined : text)}
      />
      {PLACEHOLDER_TYPES.has(field.type) ? (
        <RecallInput
          label={t('placeholder')}
          value={field.placeholder ?? ''}
          schema={schema}
          inside={inside}
          disabled={disabled}
          onChange={(text) => set('placeholder', text === '' ? undefined : text)}
        />
      ) : null}
      {hidden || !answered ? null : (
        <Checkbox
          label={t('required')}
          checked={field.required === true}
          disabled={disabled}
          onChange={(e) => set('required', e.currentTarget.checked ? true : undefined)}
        />
      )}

      {isOptionType(field.type) ? (
        <Fieldset legend={t('options')} disabled={disabled}>
          <Stack gap="xs">
            {options.map((option, o) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an option's value is being edited, so its place is its key
              <Group key={o} gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  ref={(input) => {
                    optionLabels.current[o] = input;
                  }}
                  label={t('optionLabel', { n: o + 1 })}
                  value={option.label}
                  onChange={(e) => setOption(o, { ...option, label: e.currentTarget.value })}
                />
                <TextInput
                  label={t('optionValue', { n: o + 1 })}
                  value={option.value}
                  onChange={(e) => setOption(o, { ...option, value: e.currentTarget.value })}
                />
                <NumberInput
                  label={t('optionScore', { n: o + 1 })}
                  w={110}
                  value={option.score ?? ''}
                  onChange={(v) => {
                    const score = num(v);
                    const { score: _drop, ...rest } = option;
                    setOption(o, score === undefined ? rest : { ...rest, score });
                  }}
                />
                {field.type === 'picture_choice' ? (
                  <OptionImage option={option} n={o + 1} onChange={(next) => setOption(o, next)} />
                ) : null}
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => {
                    set(
                      'options',
                      options.filter((_, i) => i !== o),
                    );
                    setFocusOption(Math.min(o, options.length - 2));
                  }}
                >
                  {t('removeOption', { n: o + 1 })}
                </Button>
              </Group>
            ))}
            <Button
              ref={addButton}
              variant="default"
              size="xs"
              onClick={() => {
                const n = options.length + 1;
                set('options', [...options, { label: `Option ${n}`, value: `option_${n}` }]);
                setFocusOption(options.length);
              }}
            >
              {t('addOption')}
            </Button>
          </Stack>
        </Fieldset>
      ) : null}

      <QuestionSettings field={field} set={set} disabled={disabled} />
      <ChoiceSettings
        field={field}
        set={set}
        update={update}
        disabled={disabled}
        quiz={schema.settings?.quiz !== undefined}
      />

      {field.type === 'file' ? (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NumberInput
            label={t('fileMaxSize')}
            min={0}
            value={field.fileConfig?.maxSizeMB ?? ''}
            disabled={disabled}
            onChange={(v) => {
              const { maxSizeMB: _drop, ...rest } = field.fileConfig ?? {};
              const size = num(v);
              const next = size === undefined ? rest : { ...rest, maxSizeMB: size };
              set('fileConfig', Object.keys(next).length === 0 ? undefined : next);
            }}
          />
          <TextInput
            label={t('fileTypes')}
            value={(field.fileConfig?.allowedTypes ?? []).join(', ')}
            disabled={disabled}
            onChange={(e) => {
              const types = e.currentTarget.value
                .split(',')
                .map((x) => x.trim())
                .filter((x) => x !== '');
              const { allowedTypes: _drop, ...rest } = field.fileConfig ?? {};
              const next = types.length === 0 ? rest : { ...rest, allowedTypes: types };
              set('fileConfig', Object.keys(next).length === 0 ? undefined : next);
            }}
          />
        </Group>
      ) : null}

      {answered ? (
        <Fieldset legend={t('prefillLegend')} disabled={disabled}>
          <Stack gap="xs">
            {hidden ? null : (
              <Checkbox
                label={t('prefill')}
                checked={prefillOn}
                onChange={(e) => set('prefill', e.currentTarget.checked ? {} : undefined)}
              />
            )}
            {prefillOn ? (
              <>
                <TextInput
                  label={t('prefillParam')}
                  placeholder={field.id}
                  value={field.prefill?.param ?? ''}
                  onChange={(e) => {
                    const { param: _drop, ...rest } = field.prefill ?? {};
                    const param = e.currentTarget.value.trim();
                    const next = param === '' ? rest : { ...rest, param };
                    set('prefill', hidden && Object.keys(next).length === 0 ? undefined : next);
                  }}
                />
                {hidden ? null : (
                  <Checkbox
                    label={t('prefillEditable')}
                    checked={field.prefill?.editable !== false}
                    onChange={(e) => {
                      const { editable: _drop, ...rest } = field.prefill ?? {};
                      set('prefill', e.currentTarget.checked ? rest : { ...rest, editable: false });
                    }}
                  />
                )}
              </>
            ) : null}
          </Stack>
        </Fieldset>
      ) : null}

      {answered || rules.length > 0 ? (
        <Fieldset legend={t('rules')} disabled={disabled}>
          <Stack gap="sm">
            {rules.map((rule, r) => {
              const n = r + 1;
              const whenTarget =
                rule.when === undefined ? undefined : targets.find((x) => x.id === rule.when!.field);
              const whenOp =
                rule.when === undefined ? 'equals' : 'equals' in rule.when ? 'equals' : 'notEquals';
              const whenValue =
                rule.when === undefined ? '' : 'equals' in rule.when ? rule.when.equals : rule.when.notEquals;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id
                <Fieldset key={r} legend={t('rule', { n })} variant="filled">
                  <Stack gap="xs">
                    <ProblemList problems={ruleProblems(r)} />
                    <Group gap="xs" align="flex-end" wrap="wrap">
                      <NativeSelect
                        label={t('ruleType', { n })}
                        value={rule.type}
                        data={named(withCurrent(rulesFor(field), rule.type), names.rule)}
                        onChange={(e) => {
                          const next = newRule(e.currentTarget.value as ValidationRule['type']);
                          setRule(r, {
                            ...next,
                            ...(rule.message ? { message: rule.message } : {}),
                            ...(rule.when ? { when: rule.when } : {}),
                          } as ValidationRule);
                        }}
                      />
                      {rule.type === 'required' ? null : rule.type === 'pattern' ? (
                        <TextInput
                          label={t('ruleValue', { n })}
                          value={rule.value}
                          onChange={(e) => setRule(r, { ...rule, value: e.currentTarget.value })}
                        />
                      ) : (
                        <NumberInput
                          label={t('ruleValue', { n })}
                          value={rule.value}
                          onChange={(v) => setRule(r, { ...rule, value: num(v) ?? 0 })}
                        />
                      )}
                    </Group>
                    <TextInput
                      label={t('ruleMessage', { n })}
                      value={rule.message ?? ''}
                      onChange={(e) => {
                        const { message: _drop, ...rest } = rule;
                        const message = e.currentTarget.value;
                        setRule(r, (message === '' ? rest : { ...rest, message }) as ValidationRule);
                      }}
                    />
                    <Group gap="xs" align="flex-end" wrap="wrap">
                      <NativeSelect
                        label={t('ruleWhenField', { n })}
                        value={rule.when?.field ?? ''}
                        data={[
                          { value: '', label: t('always') },
                          ...whenTargets.map((x) => ({ value: x.id, label: x.label })),
                        ]}
                        onChange={(e) => {
                          const { when: _drop, ...rest } = rule;
                          const fieldId = e.currentTarget.value;
                          // An address is compared by its country (docs/form-model.md "Question types").
                          const address = targets.find((x) => x.id === fieldId)?.type === 'address';
                          const when: RuleWhen = address
                            ? { field: fieldId, part: 'country', equals: '' }
                            : { field: fieldId, equals: '' };
                          setRule(r, (fieldId === '' ? rest : { ...rest, when }) as ValidationRule);
                        }}
                      />
                      {whenTarget?.entriesOf === undefined || rule.when === undefined ? null : (
                        <NativeSelect
                          label={t('ruleWhenEntry', { n })}
                          value={rule.when.entry ?? 'any'}
                          data={ENTRIES.map((entry) => ({
                            value: entry,
                            label: t(entry === 'any' ? 'entryAny' : 'entryAll', {
                              section: whenTarget.entriesOf ?? '',
                            }),
                          }))}
                          onChange={(e) =>
                            setRule(r, {
                              ...rule,
                              when: { ...rule.when!, entry: e.currentTarget.value as 'any' | 'all' },
                            })
                          }
                        />
                      )}
                      {rule.when === undefined ? null : (
                        <>
                          <NativeSelect
                            label={t('ruleWhenOp', { n })}
                            value={whenOp}
                            data={named(
                              whenTarget?.type === 'address'
                                ? (['equals'] as const)
                                : (['equals', 'notEquals'] as const),
                              names.operator,
                            )}
                            onChange={(e) =>
                              setRule(r, {
                                ...rule,
                                when:
                                  e.currentTarget.value === 'equals'
                                    ? { ...whenSubject(rule.when!), equals: whenValue }
                                    : { ...whenSubject(rule.when!), notEquals: whenValue },
                              })
                            }
                          />
                          <ValueInput
                            target={whenTarget}
                            label={t('ruleWhenValue', { n })}
                            value={whenValue}
                            disabled={disabled}
                            onChange={(v) =>
                              setRule(r, {
                                ...rule,
                                when:
                                  whenOp === 'equals'
                                    ? { ...whenSubject(rule.when!), equals: v }
                                    : { ...whenSubject(rule.when!), notEquals: v },
                              })
                            }
                          />
                        </>
                      )}
                    </Group>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() => setRules(rules.filter((_, i) => i !== r))}
                    >
                      {t('removeRule', { n })}
                    </Button>
                  </Stack>
                </Fieldset>
              );
            })}
            <Button
              variant="default"
              size="xs"
              onClick={() => setRules([...rules, newRule(firstRule(field))])}
            >
              {t('addRule')}
            </Button>
          </Stack>
        </Fieldset>
      ) : null}

      <ConditionEditor
        value={field.conditionalLogic}
        targets={targets.filter((x) => x.type !== 'file')}
        disabled={disabled}
        onChange={(v) => set('conditionalLogic', v)}
      />
    </Stack>
  );
}
