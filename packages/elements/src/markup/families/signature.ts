import type { Field } from '@formloom/contract';
import {
  createSignaturePad,
  isSignatureUpload,
  SIGNATURE_FILE_NAME,
  type SignaturePad,
  settled,
  signatureTexts,
  typedSignature,
} from '@formloom/runtime/signature-pad';
import type { Family, FamilyHost } from '../family.js';
import { html } from '../html.js';
import { partId, shell } from './parts.js';

/**
 * `signature` (docs/form-model.md "signature"): a pad to draw on (a canvas, `role="img"`, drawn by
 * Pointer Events) with a Clear button, and a text box to type one's name instead, which is drawn in
 * a script font. Either is uploaded as a PNG once the respondent pauses (`FamilyHost.upload`), a
 * typed one with `signedName`; the answer is the stored upload. Without JavaScript nothing can be
 * signed: the page says so.
 */

interface Pad {
  pad: SignaturePad;
  answer: unknown;
}

const pads = new WeakMap<HTMLElement, Pad>();

const nameBox = (wrapper: HTMLElement) => wrapper.querySelector<HTMLInputElement>('.fl-sig-name')!;
const status = (wrapper: HTMLElement) => wrapper.querySelector<HTMLElement>('.fl-sig-status')!;
function mount(_field: Field, wrapper: HTMLElement, host: FamilyHost) {
  const canvas = wrapper.querySelector('canvas')!;
  wrapper.querySelector<HTMLElement>('.fl-sig')!.hidden = false;
  wrapper.querySelector<HTMLElement>('.fl-sig-noscript')!.hidden = true;
  const box = nameBox(wrapper);
  const later = settled();
  const changed = () => {
    state.answer = undefined;
    status(wrapper).textContent = '';
  };
  const state: Pad = {
    answer: undefined,
    pad: createSignaturePad(canvas, () => {
      changed();
      box.value = '';
      host.upload(
        later(() => state.pad.png()),
        SIGNATURE_FILE_NAME,
      );
    }),
  };
  pads.set(wrapper, state);
  box.addEventListener('input', () => {
    changed();
    state.pad.clear();
    const name = box.value.trim();
    const color = getComputedStyle(canvas).color;
    host.upload(name === '' ? undefined : later(() => typedSignature(name, color)), SIGNATURE_FILE_NAME, {
      signedName: name,
    });
  });
  wrapper.querySelector('.fl-sig-clear')!.addEventListener('click', () => {
    changed();
    state.pad.clear();
    box.value = '';
    host.upload(undefined, SIGNATURE_FILE_NAME);
  });
}

export const family: Family = {
  field(view) {
    const { field, aria } = view;
    const texts = signatureTexts(view.language);
    const name = partId(field.id, 'name');
    return shell(
      view,
      true,
      html`<p class="fl-sig-noscript">${texts.signNoScript}</p>
<div class="fl-sig" hidden>
<canvas class="fl-sig-pad" width="600" height="200" role="img" aria-label="${texts.signPad}"></canvas>
<div class="fl-sig-row"><button type="button" class="fl-sig-clear">${texts.signClear}</button><span class="fl-sig-status" aria-live="polite"></span></div>
<label class="fl-sig-label" for="${name}">${texts.signTyped}</label>
<input type="text" class="fl-sig-name" id="${name}" autocomplete="name" maxlength="200"${aria}>
</div>`,
    );
  },
  controls: (_field, wrapper) => [nameBox(wrapper)],
  mount,
  read: (_field, wrapper) => pads.get(wrapper)?.answer,
  write(_field, wrapper, value) {
    const state = pads.get(wrapper);
    if (state === undefined) return;
    state.answer = isSignatureUpload(value) ? value : undefined;
    const lang = wrapper.closest('[lang]')?.getAttribute('lang') ?? 'en';
    status(wrapper).textContent = state.answer === undefined ? '' : signatureTexts(lang).signSaved;
    const typed = isSignatureUpload(value) ? value.signedName : undefined;
    if (typed !== undefined && nameBox(wrapper).value.trim() !== typed) nameBox(wrapper).value = typed;
  },
  post: (field, value) => (isSignatureUpload(value) ? [[field.id, JSON.stringify(value)]] : []),
  posted(field, get) {
    try {
      const value: unknown = JSON.parse(get(field.id)[0] ?? '');
      return isSignatureUpload(value) ? value : undefined;
    } catch {
      return undefined;
    }
  },
  style: `.fl-sig{display:grid;gap:.5rem}.fl-sig[hidden]{display:none}
.fl-sig-pad{display:block;width:100%;max-width:100%;height:auto;aspect-ratio:3/1;touch-action:none;color:var(--fl-fg);background:var(--fl-card);border:1px solid var(--fl-line);border-radius:var(--fl-radius);cursor:crosshair}
.fl-sig-row{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem}
.fl-sig-clear{min-height:2.75rem;min-width:2.75rem;padding:.25rem .75rem;font:inherit;color:inherit;background:var(--fl-card);border:1px solid var(--fl-line);border-radius:var(--fl-radius);cursor:pointer}
.fl-sig-name{min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:inherit;background:var(--fl-card);border:1px solid var(--fl-line);border-radius:var(--fl-radius);box-sizing:border-box;width:100%}`,
};
