import type { Field, FieldOption, MatrixConfig, RatingConfig } from '@formloom/contract';
import {
  ADDRESS_REQUIRED_PARTS,
  currencyMinorUnits,
  isPaymentCurrency,
  type PaymentConfig,
  SCHEMA_LIMITS,
  toMinorUnits,
} from '@formloom/contract';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTexts } from '../../i18n/texts.js';
import { countryChoices, useCountries } from './countries.js';
import { useNames } from './names.js';
import { questionTexts } from './question-texts.js';
import { freshRowId, hasOther, hasShuffle, isMultiChoice, moveItem } from './schema-edit.js';

/** A value input's text as a number, or undefined when empty or not a number. */
export function num(value: string | number): number | undefined {
  if (value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** A text input's value as an optional property: empty removes it. */
const optional = (text: string) => (text === '' ? undefined : text);

/** `obj` without the properties whose value is undefined (the model is strict about them). */
function defined<T extends object>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

type SetField = <K extends keyof Field>(key: K, value: Field[K] | undefined) => void;

/**
 * Focus for lists whose items move or vanish under the keyboard: after the next render, the element
 * marked `data-focus="<key>"` inside the container takes the focus.
 */
export function useFocusAfter() {
  const container = useRef<HTMLDivElement>(null);
  const [key, setKey] = useState<string | undefined>();
  useEffect(() => {
    if (key === undefined) return;
    const target = container.current?.querySelector<HTMLElement>(`[data-focus="${key}"]`);
    target?.focus();
    // A text box is named next: its text selected, typing replaces it.
    if (target instanceof HTMLInputElement && target.type === 'text') target.select();
    setKey(undefined);
  }, [key]);
  return [container, setKey] as const;
}

/**
 * The settings of the question types beyond the original ten (docs/form-model.md "Question
 * types"): each type's own configuration, and the choice types' "Other", exclusive option and
 * shuffle.
 */
export function QuestionSettings({
  field,
  set,
  disabled,
}: {
  field: Field;
  set: SetField;
  disabled: boolean;
}) {
  const t = useTexts(questionTexts);
  const names = useNames();
  const legend = t('settingsOf', { type: names.type[field.type] });
  switch (field.type) {
    case 'rating': {
      const rating: RatingConfig = field.rating ?? {};
      return (
        <Fieldset legend={legend} disabled={disabled}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('ratingMax')}
              value={String(rating.max ?? 5)}
              data={range(3, 10)}
              onChange={(e) => set('rating', { ...rating, max: Number(e.currentTarget.value) })}
            />
            <NativeSelect
              label={t('ratingIcon')}
              value={rating.icon ?? 'star'}
              data={[
                { value: 'star', label: t('iconStar') },
                { value: 'heart', label: t('iconHeart') },
                { value: 'number', label: t('iconNumber') },
              ]}
              onChange={(e) =>
                set('rating', { ...rating, icon: e.currentTarget.value as RatingConfig['icon'] })
              }
            />
          </Group>
        </Fieldset>
      );
    }
    case 'nps': {
      const nps = field.nps ?? {};
      return (
        <Fieldset legend={legend} disabled={disabled}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label={t('npsLowLabel')}
              value={nps.lowLabel ?? ''}
              onChange={(e) => set('nps', defined({ ...nps, lowLabel: optional(e.currentTarget.value) }))}
            />
            <TextInput
              label={t('npsHighLabel')}
              value={nps.highLabel ?? ''}
              onChange={(e) => set('nps', defined({ ...nps, highLabel: optional(e.currentTarget.value) }))}
            />
          </Group>
        </Fieldset>
      );
    }
    case 'scale': {
      const scale = field.scale ?? { min: 1, max: 5 };
      return (
        <Fieldset legend={legend} disabled={disabled}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('scaleMin')}
              value={String(scale.min)}
              data={['0', '1']}
              onChange={(e) => set('scale', { ...scale, min: e.currentTarget.value === '0' ? 0 : 1 })}
            />
            <NativeSelect
              label={t('scaleMax')}
              value={String(scale.max)}
              data={range(2, 10)}
              onChange={(e) => set('scale', { ...scale, max: Number(e.currentTarget.value) })}
            />
            {(['lowLabel', 'midLabel', 'highLabel'] as const).map((key) => (
              <TextInput
                key={key}
                label={t(key)}
                value={scale[key] ?? ''}
                onChange={(e) => set('scale', defined({ ...scale, [key]: optional(e.currentTarget.value) }))}
              />
            ))}
          </Group>
        </Fieldset>
      );
    }
    case 'slider': {
      const slider = field.slider ?? { min: 0, max: 100, step: 1 };
      return (
        <Fieldset legend={legend} disabled={disabled}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NumberInput
              label={t('sliderMin')}
              w={110}
              value={slider.min}
              onChange={(v) => set('slider', { ...slider, min: num(v) ?? 0 })}
            />
            <NumberInput
              label={t('sliderMax')}
              w={110}
              value={slider.max}
              onChange={(v) => set('slider', { ...slider, max: num(v) ?? 0 })}
            />
            <NumberInput
              label={t('sliderStep')}
              w={110}
              min={0}
              value={slider.step}
              onChange={(v) => {
                const step = num(v);
                if (step !== undefined && step > 0) set('slider', { ...slider, step });
              }}
            />
            <TextInput
              label={t('sliderUnit')}
              value={slider.unit ?? ''}
              onChange={(e) => set('slider', defined({ ...slider, unit: optional(e.currentTarget.value) }))}
            />
          </Group>
        </Fieldset>
      );
    }
    case 'matrix':
      return (
        <MatrixSettings
          legend={legend}
          matrix={field.matrix ?? { rows: [], columns: [] }}
          onChange={(m) => set('matrix', m)}
          disabled={disabled}
        />
      );
    case 'ranking':
      return (
        <Fieldset legend={legend} disabled={disabled}>
          <NumberInput
            label={t('rankingTop')}
            min={1}
            max={field.options?.length}
            allowDecimal={false}
            value={field.ranking?.top ?? ''}
            onChange={(v) => {
              const top = num(v);
              set('ranking', top === undefined || top < 1 ? undefined : { top: Math.round(top) });
            }}
          />
        </Fieldset>
      );
    case 'phone':
      return (
        <Fieldset legend={legend} disabled={disabled}>
          <PhoneCountry
            value={field.phone?.defaultCountry}
            onChange={(country) =>
              set('phone', country === undefined ? undefined : { defaultCountry: country })
            }
          />
        </Fieldset>
      );
    case 'address': {
      // Without a list, an answer needs line 1, the city and the country.
      const required: readonly AddressPart[] = field.address?.required ?? DEFAULT_ADDRESS_REQUIRED;
      return (
        <Fieldset legend={legend} disabled={disabled}>
          <Fieldset legend={t('addressRequired')} variant="filled">
            <Stack gap={6}>
              {ADDRESS_REQUIRED_PARTS.map((part) => (
                <Checkbox
                  key={part}
                  label={t(ADDRESS_PART_TEXTS[part])}
                  checked={required.includes(part)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    set('address', {
                      required: ADDRESS_REQUIRED_PARTS.filter((p) =>
                        p === part ? on : required.includes(p),
                      ),
                    });
                  }}
                />
              ))}
            </Stack>
          </Fieldset>
        </Fieldset>
      );
    }
    case 'consent':
    case 'statement': {
      const type = field.type;
      const text = field[type]?.text ?? '';
      return (
        <Fieldset legend={legend} disabled={disabled}>
          <Textarea
            label={t(type === 'consent' ? 'consentText' : 'statementText')}
            description={t('linkHint')}
            required
            autosize
            minRows={2}
            value={text}
            error={text.trim() === '' ? t('noticeEmpty') : undefined}
            onChange={(e) => set(type, { text: e.currentTarget.value })}
          />
        </Fieldset>
      );
    }
    case 'payment':
      return <PaymentSettings field={field} set={set} disabled={disabled} legend={legend} />;
    default:
      return null;
  }
}

type AddressPart = (typeof ADDRESS_REQUIRED_PARTS)[number];
const DEFAULT_ADDRESS_REQUIRED: readonly AddressPart[] = ['line1', 'city', 'country'];
const ADDRESS_PART_TEXTS = {
  line1: 'partLine1',
  city: 'partCity',
  postalCode: 'partPostalCode',
  region: 'partRegion',
  country: 'partCountry',
} as const satisfies Record<AddressPart, string>;

/** A phone's default country: a select of the countries by name, or none. */
function PhoneCountry({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (country: string | undefined) => void;
}) {
  const t = useTexts(questionTexts);
  const countries = useCountries();
  return (
    <NativeSelect
      label={t('phoneCountry')}
      description={t('phoneCountryHint')}
      value={value ?? ''}
      data={countryChoices(countries, value, t('noCountry'))}
      onChange={(e) => onChange(optional(e.currentTarget.value))}
    />
  );
}

function MatrixSettings({
  legend,
  matrix,
  onChange,
  disabled,
}: {
  legend: string;
  matrix: MatrixConfig;
  onChange: (next: MatrixConfig) => void;
  disabled: boolean;
}) {
  const t = useTexts(questionTexts);
  const [container, focusAfter] = useFocusAfter();
  const { rows, columns } = matrix;
  const setRows = (next: MatrixConfig['rows']) => onChange({ ...matrix, rows: next });
  const setColumns = (next: MatrixConfig['columns']) => onChange({ ...matrix, columns: next });
  const moveRow = (r: number, to: number, button: 'up' | 'down') => {
    setRows(moveItem(rows, r, to));
    // The moved row's button keeps the focus, unless it reached the end it moved towards.
    const at = Math.max(0, Math.min(to, rows.length - 1));
    const stays = button === 'up' ? at > 0 : at < rows.length - 1;
    focusAfter(stays ? `row-${button}-${at}` : `row-label-${at}`);
  };
  return (
    <Fieldset legend={legend} disabled={disabled}>
      <Stack gap="sm" ref={container}>
        <Fieldset legend={t('rows')} variant="filled">
          <Stack gap="xs">
            {rows.map((row, r) => {
              const n = r + 1;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's id is being edited, so its place is its key
                <Group key={r} gap="xs" align="flex-end" wrap="wrap">
                  <TextInput
                    label={t('rowLabel', { n })}
                    data-focus={`row-label-${r}`}
                    value={row.label}
                    onChange={(e) =>
                      setRows(rows.map((x, i) => (i === r ? { ...x, label: e.currentTarget.value } : x)))
                    }
                  />
                  <TextInput
                    label={t('rowId', { n })}
                    w={130}
                    value={row.id}
                    onChange={(e) =>
                      setRows(rows.map((x, i) => (i === r ? { ...x, id: e.currentTarget.value } : x)))
                    }
                  />
                  <Button
                    variant="default"
                    size="xs"
                    aria-label={t('rowUp', { n })}
                    data-focus={`row-up-${r}`}
                    disabled={r === 0}
                    onClick={() => moveRow(r, r - 1, 'up')}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="default"
                    size="xs"
                    aria-label={t('rowDown', { n })}
                    data-focus={`row-down-${r}`}
                    disabled={r === rows.length - 1}
                    onClick={() => moveRow(r, r + 1, 'down')}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    disabled={rows.length <= 1}
                    onClick={() => {
                      setRows(rows.filter((_, i) => i !== r));
                      focusAfter(`row-label-${Math.min(r, rows.length - 2)}`);
                    }}
                  >
                    {t('removeRow', { n })}
                  </Button>
                </Group>
              );
            })}
            <Button
              variant="default"
              size="xs"
              disabled={rows.length >= SCHEMA_LIMITS.maxOptionsPerField}
              onClick={() => {
                setRows([...rows, { id: freshRowId(rows), label: `Row ${rows.length + 1}` }]);
                focusAfter(`row-label-${rows.length}`);
              }}
            >
              {t('addRow')}
            </Button>
          </Stack>
        </Fieldset>
        <Fieldset legend={t('columns')} variant="filled">
          <Stack gap="xs">
            {columns.map((column, c) => {
              const n = c + 1;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column's value is being edited, so its place is its key
                <Group key={c} gap="xs" align="flex-end" wrap="wrap">
                  <TextInput
                    label={t('columnLabel', { n })}
                    data-focus={`column-label-${c}`}
                    value={column.label}
                    onChange={(e) =>
                      setColumns(
                        columns.map((x, i) => (i === c ? { ...x, label: e.currentTarget.value } : x)),
                      )
                    }
                  />
                  <TextInput
                    label={t('columnValue', { n })}
                    w={130}
                    value={column.value}
                    onChange={(e) =>
                      setColumns(
                        columns.map((x, i) => (i === c ? { ...x, value: e.currentTarget.value } : x)),
                      )
                    }
                  />
                  <NumberInput
                    label={t('columnScore', { n })}
                    w={110}
                    value={column.score ?? ''}
                    onChange={(v) =>
                      setColumns(columns.map((x, i) => (i === c ? defined({ ...x, score: num(v) }) : x)))
                    }
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    disabled={columns.length <= 2}
                    onClick={() => {
                      setColumns(columns.filter((_, i) => i !== c));
                      focusAfter(`column-label-${Math.min(c, columns.length - 2)}`);
                    }}
                  >
                    {t('removeColumn', { n })}
                  </Button>
                </Group>
              );
            })}
            <Button
              variant="default"
              size="xs"
              disabled={columns.length >= SCHEMA_LIMITS.maxMatrixColumns}
              onClick={() => {
                const n = columns.length + 1;
                const taken = new Set(columns.map((x) => x.value));
                let value = String(n);
                for (let k = n; taken.has(value); k++) value = String(k + 1);
                setColumns([...columns, { value, label: `Column ${n}` }]);
                focusAfter(`column-label-${columns.length}`);
              }}
            >
              {t('addColumn')}
            </Button>
          </Stack>
        </Fieldset>
        <Checkbox
          label={t('matrixMultiple')}
          checked={matrix.multiple === true}
          onChange={(e) => {
            const { multiple: _drop, ...rest } = matrix;
            onChange(e.currentTarget.checked ? { ...rest, multiple: true } : rest);
          }}
        />
      </Stack>
    </Fieldset>
  );
}

/**
 * The choice types' extras: several answers (select, picture choice), an "Other" option, the
 * exclusive option of a multiple choice, and shuffling (a matrix shuffles its rows).
 */
export function ChoiceSettings({
  field,
  set,
  update,
  disabled,
  quiz = false,
}: {
  field: Field;
  set: SetField;
  /** Several properties in one edit (one undo step). */
  update: (changes: Partial<Field>, key: keyof Field) => void;
  disabled: boolean;
  /** The form is a quiz (`settings.quiz`): its options' right answers and feedback are edited here. */
  quiz?: boolean;
}) {
  const t = useTexts(questionTexts);
  const multipleApplies = field.type === 'select' || field.type === 'picture_choice';
  const options = field.options ?? [];
  if (!hasOther(field.type) && !hasShuffle(field.type)) return null;
  const setOption = (o: number, changes: Partial<FieldOption>) =>
    update(
      {
        options: options.map((x, i) => {
          if (i !== o) return x;
          // An option that is not right nor says anything carries neither key.
          const next = { ...x, ...changes };
          if (next.correct !== true) delete next.correct;
          if (next.feedback === undefined || next.feedback === '') delete next.feedback;
          return next;
        }),
      },
      'options',
    );
  // Shown for a quiz, and for a field whose options are marked already (the marks never hide).
  const marked = options.some((o) => o.correct === true || o.feedback !== undefined);
  return (
    <Stack gap="xs">
      {quiz || marked ? (
        <Fieldset legend={t('quizAnswers')} disabled={disabled}>
          <Text size="sm" c="dimmed" mb="xs">
            {t('quizAnswersHelp')}
          </Text>
          <Stack gap="xs">
            {options.map((option, o) => {
              const names = { n: String(o + 1), label: option.label };
              return (
                <Stack key={option.value} gap={4}>
                  <Checkbox
                    label={t('correctOption', names)}
                    checked={option.correct === true}
                    onChange={(e) => setOption(o, { correct: e.currentTarget.checked })}
                  />
                  <TextInput
                    label={t('optionFeedback', names)}
                    value={option.feedback ?? ''}
                    onChange={(e) => setOption(o, { feedback: e.currentTarget.value })}
                  />
                </Stack>
              );
            })}
          </Stack>
        </Fieldset>
      ) : null}
      {multipleApplies ? (
        <Checkbox
          label={t('multiple')}
          checked={field.multiple === true}
          disabled={disabled}
          onChange={(e) =>
            // A single choice has no exclusive option: it goes with `multiple`.
            update(
              e.currentTarget.checked
                ? { multiple: true }
                : { multiple: undefined, exclusiveValue: undefined },
              'multiple',
            )
          }
        />
      ) : null}
      {hasOther(field.type) ? (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Checkbox
            label={t('otherOn')}
            checked={field.other !== undefined}
            disabled={disabled}
            onChange={(e) => set('other', e.currentTarget.checked ? { label: 'Other' } : undefined)}
          />
          {field.other === undefined ? null : (
            <TextInput
              label={t('otherLabel')}
              value={field.other.label}
              disabled={disabled}
              onChange={(e) => set('other', { label: e.currentTarget.value })}
            />
          )}
        </Group>
      ) : null}
      {isMultiChoice(field) ? (
        <NativeSelect
          label={t('exclusive')}
          value={field.exclusiveValue ?? ''}
          disabled={disabled}
          data={[
            { value: '', label: t('noExclusive') },
            ...options.map((o) => ({ value: o.value, label: o.label })),
            // A value the options lost stays visible, so the integrity problem has something to point at.
            ...(field.exclusiveValue !== undefined && !options.some((o) => o.value === field.exclusiveValue)
              ? [{ value: field.exclusiveValue, label: field.exclusiveValue }]
              : []),
          ]}
          onChange={(e) => set('exclusiveValue', optional(e.currentTarget.value))}
        />
      ) : null}
      {hasShuffle(field.type) ? (
        <Checkbox
          label={t('shuffle')}
          checked={field.shuffle === true}
          disabled={disabled}
          onChange={(e) => set('shuffle', e.currentTarget.checked ? true : undefined)}
        />
      ) : null}
    </Stack>
  );
}

/**
 * A payment's settings: a fixed amount (typed in whole currency units, kept in minor units) or the
 * number variable that prices it, the currency and the receipt's line.
 */
function PaymentSettings({
  field,
  set,
  disabled,
  legend,
}: {
  field: Field;
  set: SetField;
  disabled: boolean;
  legend: string;
}) {
  const t = useTexts(questionTexts);
  const payment: PaymentConfig = field.payment ?? { amount: 1000, currency: 'EUR' };
  const digits = currencyMinorUnits(payment.currency) ?? 2;
  const fromVariable = payment.amountVariable !== undefined;
  const change = (next: PaymentConfig) => set('payment', defined(next));
  return (
    <Fieldset legend={legend} disabled={disabled}>
      <Stack gap="xs">
        <Text size="sm">{t('paymentHelp')}</Text>
        <NativeSelect
          label={t('paymentAmountKind')}
          value={fromVariable ? 'variable' : 'fixed'}
          data={[
            { value: 'fixed', label: t('paymentFixed') },
            { value: 'variable', label: t('paymentFromVariable') },
          ]}
          onChange={(e) =>
            change(
              e.currentTarget.value === 'variable'
                ? { ...payment, amount: undefined, amountVariable: 'total' }
                : { ...payment, amountVariable: undefined, amount: 1000 },
            )
          }
        />
        {fromVariable ? (
          <TextInput
            label={t('paymentVariable')}
            value={payment.amountVariable ?? ''}
            onChange={(e) => change({ ...payment, amountVariable: e.currentTarget.value })}
          />
        ) : (
          <NumberInput
            label={t('paymentAmount')}
            min={0}
            decimalScale={digits}
            value={(payment.amount ?? 0) / 10 ** digits}
            onChange={(value) => {
              const major = num(value);
              const minor = major === undefined ? undefined : toMinorUnits(major, payment.currency);
              if (minor !== undefined && minor > 0) change({ ...payment, amount: minor });
            }}
          />
        )}
        <TextInput
          label={t('paymentCurrency')}
          maxLength={3}
          value={payment.currency}
          error={isPaymentCurrency(payment.currency) ? undefined : t('paymentCurrencyUnknown')}
          onChange={(e) => change({ ...payment, currency: e.currentTarget.value.toUpperCase() })}
        />
        <TextInput
          label={t('paymentDescription')}
          maxLength={500}
          value={payment.description ?? ''}
          onChange={(e) => change({ ...payment, description: optional(e.currentTarget.value) })}
        />
      </Stack>
    </Fieldset>
  );
}
