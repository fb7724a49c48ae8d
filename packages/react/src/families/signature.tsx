import {
  createSignaturePad,
  isSignatureUpload,
  SIGNATURE_FILE_NAME,
  type SignaturePad,
  settled,
  signatureTexts,
  typedSignature,
} from '@formloom/runtime/signature-pad';
import { useEffect, useRef } from 'react';
import type { FieldProps } from '../fields.js';
import { Group } from '../internal/parts.js';

/**
 * The signature family, loaded when a form shows a signature (docs/embedding.md "React: the
 * question types"): the pad `<formloom-form>` draws (`@formloom/runtime/signature-pad`: a canvas
 * drawn by Pointer Events, mouse, pen and touch alike) with a Clear button, and a box to type one's
 * name instead. Either is uploaded as a PNG once the respondent pauses, through `onFile`; a typed
 * one's answer carries `signedName`. The answer is the stored upload, said "saved" beside the pad
 * (also when a resumed partial brings it back).
 */

const BUTTON = { minHeight: '2.75rem', minWidth: '2.75rem' };

export function Signature(props: FieldProps) {
  const texts = signatureTexts(props.language);
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLInputElement>(null);
  const pad = useRef<SignaturePad | undefined>(undefined);
  const later = useRef(settled());
  /** Always the latest props: the pad's listener outlives a render. */
  const current = useRef(props);
  current.current = props;
  const stored = isSignatureUpload(props.value) ? props.value : undefined;
  const statusId = `${props.id}-status`;

  useEffect(() => {
    const el = canvas.current;
    if (el === null) return;
    const made = createSignaturePad(el, () => {
      if (box.current !== null) box.current.value = '';
      current.current.onFile(
        later.current(() => made.png()),
        SIGNATURE_FILE_NAME,
      );
    });
    pad.current = made;
    return () => made.destroy();
  }, []);

  // A typed signature restored (a resumed partial) shows its name; a drawn one leaves the box empty.
  const signedName = stored?.signedName;
  useEffect(() => {
    const el = box.current;
    if (el !== null && signedName !== undefined && el.value.trim() !== signedName) el.value = signedName;
  }, [signedName]);

  function typed(value: string) {
    pad.current?.clear();
    const name = value.trim();
    const color = canvas.current === null ? undefined : getComputedStyle(canvas.current).color;
    props.onFile(
      name === '' ? undefined : later.current(() => typedSignature(name, color)),
      SIGNATURE_FILE_NAME,
      {
        signedName: name,
      },
    );
  }

  function clear() {
    pad.current?.clear();
    if (box.current !== null) box.current.value = '';
    props.onFile(undefined);
  }

  return (
    <Group props={props} radio={false} className="fl-signature">
      <div className="fl-sig" style={{ display: 'grid', gap: '.5rem' }}>
        <canvas
          ref={canvas}
          className="fl-sig-pad"
          width={600}
          height={200}
          role="img"
          aria-label={texts.signPad}
          style={{
            display: 'block',
            width: '100%',
            maxWidth: '100%',
            height: 'auto',
            aspectRatio: '3 / 1',
            touchAction: 'none',
            border: '1px solid',
            cursor: 'crosshair',
          }}
        />
        <div
          className="fl-sig-row"
          style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '.75rem' }}
        >
          <button
            type="button"
            className="fl-sig-clear"
            style={BUTTON}
            disabled={props.locked}
            onClick={clear}
          >
            {texts.signClear}
          </button>
          <span className="fl-sig-status" id={statusId} aria-live="polite">
            {stored === undefined ? '' : texts.signSaved}
          </span>
        </div>
        <label className="fl-sig-label" htmlFor={props.id}>
          {texts.signTyped}
        </label>
        <input
          ref={box}
          type="text"
          className="fl-sig-name"
          id={props.id}
          name={props.name}
          autoComplete="name"
          maxLength={200}
          readOnly={props.locked || undefined}
          aria-describedby={props.describedBy}
          aria-invalid={props.errors ? true : undefined}
          style={{ minHeight: '2.75rem', boxSizing: 'border-box', width: '100%' }}
          onChange={(e) => typed(e.currentTarget.value)}
        />
      </div>
    </Group>
  );
}
