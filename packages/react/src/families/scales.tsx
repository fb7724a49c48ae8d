import { sliderText } from '@formloom/contract/engine/parts';
import type { FieldProps } from '../fields.js';
import { common, Errors, Group, Help, ids, Label, textsIn } from '../internal/parts.js';

/**
 * The scales family: rating, nps, scale and slider, loaded when a form shows one of them
 * (docs/embedding.md "React: the question types"). Rating, nps and scale are radio groups (native radios: the arrow
 * keys choose), slider a native range input.
 */

/** The NPS ends when the field names none: the built-in texts of the six languages. */
const NPS = {
  en: { low: 'Not at all likely', high: 'Extremely likely' },
  de: { low: 'Überhaupt nicht wahrscheinlich', high: 'Äußerst wahrscheinlich' },
  es: { low: 'Nada probable', high: 'Extremadamente probable' },
  it: { low: 'Per niente probabile', high: 'Estremamente probabile' },
  nl: { low: 'Helemaal niet waarschijnlijk', high: 'Zeer waarschijnlijk' },
  tr: { low: 'Hiç olası değil', high: 'Son derece olası' },
};

const ICONS = { star: ['★', '☆'], heart: ['♥', '♡'] } as const;

interface Ends {
  low?: string | undefined;
  mid?: string | undefined;
  high?: string | undefined;
}

/** An integer answer min..max as a group of radios, with the ends' labels below them. */
function Steps({
  props,
  min,
  max,
  ends,
  icon,
}: {
  props: FieldProps;
  min: number;
  max: number;
  ends: Ends;
  icon?: keyof typeof ICONS | undefined;
}) {
  const value = typeof props.value === 'number' ? props.value : undefined;
  const endsId = `${props.id}-ends`;
  const hasEnds = ends.low !== undefined || ends.mid !== undefined || ends.high !== undefined;
  const steps = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  return (
    <Group
      props={props}
      radio
      describedBy={hasEnds ? endsId : undefined}
      className={`fl-${props.field.type}`}
    >
      <div className="fl-options fl-steps">
        {steps.map((n) => {
          const id = `${props.id}-${n}`;
          const checked = value === n;
          return (
            <span className="fl-option fl-step" key={n}>
              <input
                type="radio"
                id={id}
                name={props.name}
                value={n}
                checked={checked}
                disabled={props.locked && !checked}
                aria-describedby={props.describedBy}
                aria-invalid={props.errors ? true : undefined}
                onChange={() => props.onChange(n)}
              />
              <label htmlFor={id}>
                {icon === undefined ? (
                  n
                ) : (
                  <>
                    <span aria-hidden="true">{ICONS[icon][value !== undefined && n <= value ? 0 : 1]}</span>
                    <span className="fl-sr">{n}</span>
                  </>
                )}
              </label>{' '}
            </span>
          );
        })}
      </div>
      {hasEnds ? (
        <p className="fl-scale-ends" id={endsId}>
          {(
            [
              ['low', min, ends.low],
              ['mid', Math.round((min + max) / 2), ends.mid],
              ['high', max, ends.high],
            ] as const
          )
            .filter((end): end is readonly ['low' | 'mid' | 'high', number, string] => end[2] !== undefined)
            .map(([key, n, label]) => (
              <span className={`fl-scale-end fl-scale-${key}`} key={key}>
                {`${n}: ${label}`}{' '}
              </span>
            ))}
        </p>
      ) : null}
    </Group>
  );
}

export function Rating(props: FieldProps) {
  const icon = props.field.rating?.icon ?? 'star';
  return (
    <Steps
      props={props}
      min={1}
      max={props.field.rating?.max ?? 5}
      ends={{}}
      icon={icon === 'number' ? undefined : icon}
    />
  );
}

export function Nps(props: FieldProps) {
  const texts = textsIn(NPS, props.language);
  return (
    <Steps
      props={props}
      min={0}
      max={10}
      ends={{ low: props.field.nps?.lowLabel ?? texts.low, high: props.field.nps?.highLabel ?? texts.high }}
    />
  );
}

export function Scale(props: FieldProps) {
  const config = props.field.scale ?? { min: 1, max: 5 };
  return (
    <Steps
      props={props}
      min={config.min}
      max={config.max}
      ends={{ low: config.lowLabel, mid: config.midLabel, high: config.highLabel }}
    />
  );
}

/** Where an unanswered slider's thumb rests: the middle, on the step grid. */
function middle(min: number, max: number, step: number): number {
  return Number((min + Math.round((max - min) / 2 / step) * step).toPrecision(12));
}

export function Slider(props: FieldProps) {
  const { min, max, step } = props.field.slider ?? { min: 0, max: 100, step: 1 };
  const value = typeof props.value === 'number' ? props.value : undefined;
  const shown = (n: number) => sliderText(props.field, n);
  const outputId = `${props.id}-value`;
  const { readOnly: _, 'aria-required': __, ...control } = common(props);
  // The thumb of an unanswered slider sits in the middle: a click on it, or a key, answers it.
  const answer = (e: { currentTarget: HTMLInputElement }) => props.onChange(Number(e.currentTarget.value));
  return (
    <div className="fl-field fl-slider" data-field-id={props.field.id}>
      <Label props={props} />
      <Help props={props} />
      <input
        {...control}
        aria-describedby={ids(outputId, props.describedBy)}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value ?? middle(min, max, step)}
        aria-valuetext={value === undefined ? undefined : shown(value)}
        disabled={props.locked}
        onChange={answer}
        onPointerUp={value === undefined ? answer : undefined}
      />{' '}
      <output className="fl-slider-value" id={outputId} htmlFor={props.id}>
        {value === undefined ? '–' : shown(value)}
      </output>
      <Errors props={props} />
    </div>
  );
}
