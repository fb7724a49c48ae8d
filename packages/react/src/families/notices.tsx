import { formatMinorUnits, type NoticePiece, noticeParagraphs } from '@formloom/contract/engine/parts';
import type { FieldProps } from '../fields.js';
import { Errors, Group, Help } from '../internal/parts.js';

/**
 * The notices family, loaded when a form shows a consent or a statement (docs/embedding.md "React:
 * the question types"): their texts with `[label](https://…)` links, drawn as text and links,
 * never as HTML. A consent is a checkbox answered `true`; a statement is only read.
 */

function Pieces({ pieces }: { pieces: readonly NoticePiece[] }) {
  return pieces.map((piece, i) =>
    typeof piece === 'string' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of a text never move
      <span key={i}>{piece}</span>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of a text never move
      <a key={i} href={piece.href} target="_blank" rel="noopener noreferrer">
        {piece.text}
      </a>
    ),
  );
}

export function Consent(props: FieldProps) {
  const checked = props.value === true;
  const paragraphs = noticeParagraphs(props.field.consent?.text ?? '');
  return (
    <Group props={props} radio={false} className="fl-consent">
      <div className="fl-option">
        <input
          type="checkbox"
          id={props.id}
          name={props.name}
          value="true"
          checked={checked}
          disabled={props.locked}
          aria-describedby={props.describedBy}
          aria-invalid={props.errors ? true : undefined}
          aria-required={props.required || undefined}
          onChange={(e) => props.onChange(e.currentTarget.checked ? true : undefined)}
        />
        <label htmlFor={props.id}>
          {paragraphs.map((pieces, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of a text never move
            <span key={i}>
              {i > 0 ? ' ' : null}
              <Pieces pieces={pieces} />
            </span>
          ))}
        </label>
      </div>
    </Group>
  );
}

export function Statement(props: FieldProps) {
  return (
    <div className="fl-field fl-statement" data-field-id={props.field.id}>
      <p className="fl-label">{props.label}</p>
      <Help props={props} />
      {noticeParagraphs(props.field.statement?.text ?? '').map((pieces, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of a text never move
        <p className="fl-statement-text" key={i}>
          <Pieces pieces={pieces} />
        </p>
      ))}
      <Errors props={props} />
    </div>
  );
}

/**
 * A payment: its label and, for a fixed amount, the amount; nothing to fill in, the card is taken on
 * Stripe's own page once the form is sent.
 */
export function Payment(props: FieldProps) {
  const payment = props.field.payment;
  return (
    <div className="fl-field fl-payment" data-field-id={props.field.id}>
      <p className="fl-label">{props.label}</p>
      <Help props={props} />
      {payment?.amount !== undefined ? (
        <p className="fl-payment-amount">{formatMinorUnits(payment.amount, payment.currency)}</p>
      ) : null}
      <Errors props={props} />
    </div>
  );
}
