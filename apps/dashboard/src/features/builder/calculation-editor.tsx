import type { FormSchema, FormVariable, JsonValue } from '@formloom/contract';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useTexts } from '../../i18n/texts.js';
import {
  COMBINES,
  type Combine,
  expressionToPicker,
  type PickerModel,
  pickerToExpression,
  type Term,
  type TermKind,
  termsAllowed,
  withCombine,
} from './expression-picker.js';
import { type LogicTextKey, logicTexts } from './logic-texts.js';
import { isOptionType, repeatingSectionOf } from './schema-edit.js';
import { builderTexts } from './texts.js';

const COMBINE_WORDS: Record<Combine, LogicTextKey> = {
  single: 'combineSingle',
  '+': 'combineAdd',
  '-': 'combineSubtract',
  '*': 'combineMultiply',
  '/': 'combineDivide',
  min: 'combineMin',
  max: 'combineMax',
};
const KIND_WORDS: Record<TermKind, LogicTextKey> = {
  scores: 'kindScores',
  correctCount: 'kindCorrect',
  answer: 'kindAnswer',
  entries: 'kindEntries',
  entrySum: 'kindEntrySum',
  constant: 'kindConstant',
};
/** The kinds that read a repeating section: offered when the form has one. */
const ENTRY_KINDS: readonly TermKind[] = ['entries', 'entrySum'];
const KINDS = Object.keys(KIND_WORDS) as TermKind[];
/** The types whose answer is a number a calculation can read with `var`. */
const NUMBER_TYPES = new Set(['number', 'rating', 'nps', 'scale', 'slider']);

const same = (a: JsonValue, b: JsonValue) => JSON.stringify(a) === JSON.stringify(b);

/** A variable's expression as JSON text; a text that does not parse is kept here, not in the schema. */
export function ExpressionInput({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: JsonValue;
  onChange: (value: JsonValue) => void;
  disabled: boolean;
}) {
  const t = useTexts(builderTexts);
  const [text, setText] = useState(() => JSON.stringify(value));
  const [bad, setBad] = useState(false);
  return (
    <Textarea
      label={label}
      autosize
      minRows={2}
      styles={{ input: { fontFamily: 'monospace' } }}
      value={text}
      disabled={disabled}
      error={bad ? t('invalidJson') : undefined}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        try {
          onChange(JSON.parse(next) as JsonValue);
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
    />
  );
}

/** What a calculation may read: the fields that score, and the numbers (fields and other variables). */
function sources(schema: FormSchema, variableId: string) {
  const outside = schema.fields.filter((f) => repeatingSectionOf(schema, f.id) === undefined);
  const scored = outside.filter((f) => isOptionType(f.type) || f.type === 'matrix');
  const numbers = [
    ...outside
      .filter((f) => NUMBER_TYPES.has(f.type))
      .map((f) => ({ id: f.id, label: `${f.label} (${f.id})` })),
    ...(schema.variables ?? [])
      .filter((v) => v.id !== variableId && v.type === 'number')
      .map((v) => ({ id: v.id, label: v.id })),
  ];
  // A repeating section's number fields, which `sum` adds up over its entries.
  const repeating = schema.sections
    .filter((s) => s.repeat !== undefined)
    .map((s) => ({
      id: s.id,
      label: s.title || s.id,
      numbers: schema.fields
        .filter((f) => f.sectionId === s.id && NUMBER_TYPES.has(f.type))
        .map((f) => ({ id: f.id, label: `${f.label} (${f.id})` })),
    }));
  return { scored, numbers, repeating };
}

/** A select's choices with the current value kept first when it is not among them (a renamed id). */
const withCurrent = (current: string, choices: readonly { id: string; label: string }[]) => [
  ...(choices.some((x) => x.id === current) ? [] : [{ value: current, label: current || '—' }]),
  ...choices.map((x) => ({ value: x.id, label: x.label })),
];

/**
 * A variable's calculation through pickers: how terms combine, then each term (sum of scores,
 * count of correct answers, an answer or variable, a repeating section's entries counted or a field
 * summed over them, a number). "Edit as JSON" shows the expression
 * itself, which is all there is for what the pickers cannot say.
 */
export function CalculationEditor({
  n,
  schema,
  variable,
  onChange,
  disabled,
}: {
  /** The variable's place, counted from 1, in labels. */
  n: number;
  schema: FormSchema;
  variable: FormVariable;
  onChange: (expression: JsonValue) => void;
  disabled: boolean;
}) {
  const t = useTexts(logicTexts);
  const b = useTexts(builderTexts);
  const value = variable.expression;
  // The model the pickers last made, while it still says the stored expression: two scores added
  // stay two terms of an addition instead of turning into one sum of scores (the same JSON).
  const [made, setMade] = useState<PickerModel | undefined>(undefined);
  const model =
    made !== undefined && same(pickerToExpression(made), value) ? made : expressionToPicker(value);
  const [asJson, setAsJson] = useState(() => model === undefined);
  const { scored, numbers, repeating } = sources(schema, variable.id);
  const update = (next: PickerModel) => {
    setMade(next);
    onChange(pickerToExpression(next));
  };

  const json = asJson || model === undefined;
  const switchJson = (
    <Switch
      label={t('editAsJson', { n })}
      checked={json}
      disabled={disabled || model === undefined}
      onChange={(e) => setAsJson(e.currentTarget.checked)}
    />
  );
  if (json) {
    return (
      <Stack gap="xs">
        {switchJson}
        {model === undefined ? <Text size="sm">{t('pickersCannot')}</Text> : null}
        <ExpressionInput
          label={b('variableExpression', { n })}
          value={value}
          disabled={disabled}
          onChange={onChange}
        />
      </Stack>
    );
  }

  const fresh = (kind: TermKind): Term => {
    switch (kind) {
      case 'scores': {
        const withScores = scored.filter((f) => f.options?.some((o) => o.score !== undefined));
        return { kind, fields: (withScores.length > 0 ? withScores : scored.slice(0, 1)).map((f) => f.id) };
      }
      case 'answer':
        return { kind, id: numbers[0]?.id ?? '', orZero: true };
      case 'entries':
        return { kind, section: repeating[0]?.id ?? '' };
      case 'entrySum': {
        const section = repeating.find((r) => r.numbers.length > 0) ?? repeating[0];
        return { kind, section: section?.id ?? '', field: section?.numbers[0]?.id ?? '' };
      }
      case 'constant':
        return { kind, value: 0 };
      case 'correctCount':
        return { kind };
    }
  };
  const [fewest, most] = termsAllowed(model.combine);
  const setTerm = (i: number, term: Term) =>
    update({ ...model, terms: model.terms.map((x, j) => (j === i ? term : x)) });

  return (
    <Stack gap="xs">
      {switchJson}
      <NativeSelect
        label={t('calculation', { n })}
        value={model.combine}
        disabled={disabled}
        data={COMBINES.map((c) => ({ value: c, label: t(COMBINE_WORDS[c]) }))}
        onChange={(e) => update(withCombine(model, e.currentTarget.value as Combine))}
      />
      {model.terms.map((term, i) => {
        const names = { n, t: i + 1 };
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: terms have no id; their place is their identity
          <Group key={i} gap="xs" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('termKind', names)}
              value={term.kind}
              disabled={disabled}
              data={KINDS.filter(
                (k) => !ENTRY_KINDS.includes(k) || repeating.length > 0 || k === term.kind,
              ).map((k) => ({ value: k, label: t(KIND_WORDS[k]) }))}
              onChange={(e) => setTerm(i, fresh(e.currentTarget.value as TermKind))}
            />
            {term.kind === 'scores' ? (
              <Fieldset legend={t('termScores', names)} variant="unstyled" disabled={disabled}>
                {scored.length === 0 && term.fields.length === 0 ? (
                  <Text size="sm">{t('noScoredFields')}</Text>
                ) : null}
                <Group gap="sm" wrap="wrap">
                  {[
                    ...scored.map((f) => ({ id: f.id, label: `${f.label} (${f.id})` })),
                    ...term.fields
                      .filter((id) => !scored.some((f) => f.id === id))
                      .map((id) => ({ id, label: id })),
                  ].map((f) => (
                    <Checkbox
                      key={f.id}
                      label={f.label}
                      checked={term.fields.includes(f.id)}
                      onChange={(e) =>
                        setTerm(i, {
                          kind: 'scores',
                          fields: e.currentTarget.checked
                            ? // In the form's order, whatever order they were ticked in.
                              [
                                ...scored
                                  .map((x) => x.id)
                                  .filter((id) => id === f.id || term.fields.includes(id)),
                                ...term.fields.filter((id) => !scored.some((x) => x.id === id)),
                              ]
                            : term.fields.filter((id) => id !== f.id),
                        })
                      }
                    />
                  ))}
                </Group>
              </Fieldset>
            ) : null}
            {term.kind === 'answer' ? (
              numbers.length === 0 && term.id === '' ? (
                <Text size="sm">{t('noNumberFields')}</Text>
              ) : (
                <NativeSelect
                  label={t('termAnswer', names)}
                  value={term.id}
                  disabled={disabled}
                  data={withCurrent(term.id, numbers)}
                  onChange={(e) => setTerm(i, { ...term, id: e.currentTarget.value })}
                />
              )
            ) : null}
            {term.kind === 'entries' || term.kind === 'entrySum' ? (
              <NativeSelect
                label={t('termSection', names)}
                value={term.section}
                disabled={disabled}
                data={withCurrent(term.section, repeating)}
                onChange={(e) => {
                  const section = e.currentTarget.value;
                  if (term.kind === 'entries') setTerm(i, { kind: 'entries', section });
                  else {
                    const first = repeating.find((r) => r.id === section)?.numbers[0]?.id ?? '';
                    setTerm(i, { kind: 'entrySum', section, field: first });
                  }
                }}
              />
            ) : null}
            {term.kind === 'entrySum' ? (
              <NativeSelect
                label={t('termEntryField', names)}
                value={term.field}
                disabled={disabled}
                data={withCurrent(term.field, repeating.find((r) => r.id === term.section)?.numbers ?? [])}
                onChange={(e) => setTerm(i, { ...term, field: e.currentTarget.value })}
              />
            ) : null}
            {term.kind === 'constant' ? (
              <NumberInput
                label={t('termConstant', names)}
                value={term.value}
                disabled={disabled}
                onChange={(v) =>
                  typeof v === 'number' ? setTerm(i, { kind: 'constant', value: v }) : undefined
                }
              />
            ) : null}
            {model.terms.length > fewest ? (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                disabled={disabled}
                onClick={() => update({ ...model, terms: model.terms.filter((_, j) => j !== i) })}
              >
                {t('removeTerm', names)}
              </Button>
            ) : null}
          </Group>
        );
      })}
      {model.terms.length < most ? (
        <Group>
          <Button
            variant="default"
            size="xs"
            disabled={disabled}
            onClick={() => update({ ...model, terms: [...model.terms, fresh('constant')] })}
          >
            {t('addTerm')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
