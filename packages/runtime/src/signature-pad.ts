/**
 * A signature field's pad (docs/form-model.md "signature"), framework-free so `<formloom-form>`'s
 * family chunk and the React component draw the same: strokes on a `<canvas>` by Pointer Events
 * (mouse, pen and touch alike; the canvas needs `touch-action: none`), and a typed name drawn in a
 * script font. Both give a PNG to upload.
 */

/** The name a signature's PNG uploads as. */
export const SIGNATURE_FILE_NAME = 'signature.png';

/** A signature's answer once stored: the upload, with `signedName` when the name was typed. */
export const isSignatureUpload = (value: unknown): value is { uploadId: string; signedName?: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { uploadId?: unknown }).uploadId === 'string';

/** How long after the last stroke the drawing is uploaded, in ms. */
export const SIGNATURE_SETTLE_MS = 600;

/** The font a typed name is drawn in. */
const SCRIPT_FONT = '"Segoe Script", "Brush Script MT", "Lucida Handwriting", cursive';

export interface SignaturePad {
  /** Whether anything is drawn. */
  readonly drawn: boolean;
  /** Wipes the drawing. */
  clear(): void;
  /** The drawing as a PNG (`undefined` when nothing is drawn). */
  png(): Promise<Blob | undefined>;
  /** Removes the pad's listeners. */
  destroy(): void;
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob | undefined> {
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob ?? undefined), 'image/png'));
}

/** The ink colour: the canvas's own text colour, so a dark theme draws light ink. */
function ink(canvas: HTMLCanvasElement): string {
  return getComputedStyle(canvas).color || '#000';
}

/**
 * Draws strokes on `canvas` as a pointer moves with its button down (a finger on the screen);
 * `stroked` runs when a stroke ends. The canvas's drawing buffer follows its size on screen.
 */
export function createSignaturePad(canvas: HTMLCanvasElement, stroked: () => void): SignaturePad {
  const context = canvas.getContext('2d')!;
  let drawn = false;
  let last: { x: number; y: number } | undefined;
  let pointer: number | undefined;

  const at = (event: PointerEvent) => {
    const box = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * canvas.width) / Math.max(box.width, 1),
      y: ((event.clientY - box.top) * canvas.height) / Math.max(box.height, 1),
    };
  };
  const down = (event: PointerEvent) => {
    if (pointer !== undefined || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    pointer = event.pointerId;
    try {
      canvas.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser does not track (a synthetic event) is drawn without capture.
    }
    context.strokeStyle = ink(canvas);
    context.fillStyle = context.strokeStyle;
    context.lineWidth = Math.max(2, canvas.width / 200);
    context.lineCap = 'round';
    context.lineJoin = 'round';
    last = at(event);
    context.beginPath();
    context.arc(last.x, last.y, context.lineWidth / 2, 0, Math.PI * 2);
    context.fill();
    drawn = true;
  };
  const move = (event: PointerEvent) => {
    if (event.pointerId !== pointer || last === undefined) return;
    event.preventDefault();
    const next = at(event);
    context.beginPath();
    context.moveTo(last.x, last.y);
    context.lineTo(next.x, next.y);
    context.stroke();
    last = next;
  };
  const up = (event: PointerEvent) => {
    if (event.pointerId !== pointer) return;
    pointer = undefined;
    last = undefined;
    stroked();
  };
  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', up);
  return {
    get drawn() {
      return drawn;
    },
    clear() {
      context.clearRect(0, 0, canvas.width, canvas.height);
      drawn = false;
    },
    png: () => (drawn ? toPng(canvas) : Promise.resolve(undefined)),
    destroy() {
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', up);
    },
  };
}

/** A typed name as a PNG: the name in a script font on a transparent canvas (`undefined` when blank). */
export function typedSignature(name: string, color = '#000'): Promise<Blob | undefined> {
  const text = name.trim();
  if (text === '') return Promise.resolve(undefined);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d')!;
  const size = 48;
  context.font = `${size}px ${SCRIPT_FONT}`;
  canvas.width = Math.min(2000, Math.ceil(context.measureText(text).width) + size);
  canvas.height = size * 2;
  context.font = `${size}px ${SCRIPT_FONT}`;
  context.fillStyle = color;
  context.textBaseline = 'middle';
  context.fillText(text, size / 2, size, canvas.width - size);
  return toPng(canvas);
}

/**
 * The PNG a pad's latest change makes, once changes stop for `SIGNATURE_SETTLE_MS`: each call
 * answers with a promise of the PNG `make` gives then, and a later call resolves an earlier one's
 * at once with `undefined` (superseded), so a renderer can hand the promise over to be uploaded
 * straight away and wait for it before submitting.
 */
export function settled(): (make: () => Promise<Blob | undefined>) => Promise<Blob | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: ((blob: Blob | undefined) => void) | undefined;
  return (make) => {
    clearTimeout(timer);
    waiting?.(undefined);
    return new Promise((resolve) => {
      waiting = resolve;
      timer = setTimeout(() => {
        waiting = undefined;
        make().then(resolve, () => resolve(undefined));
      }, SIGNATURE_SETTLE_MS);
    });
  };
}

/** A signature field's own texts, which `<formloom-form>` and the React component both show. */
export interface SignatureTexts {
  /** The pad's name for screen readers. */
  signPad: string;
  signClear: string;
  /** The label of the typed-name alternative to drawing. */
  signTyped: string;
  /** Said once a signature is stored (also for one a resumed partial restores). */
  signSaved: string;
  /** The page without JavaScript: a signature cannot be given there. */
  signNoScript: string;
}

const TEXTS: Record<string, SignatureTexts> = {
  en: {
    signPad: 'Signature pad: draw your signature with a mouse, pen or finger',
    signClear: 'Clear',
    signTyped: 'Or type your name instead',
    signSaved: 'Signature saved',
    signNoScript: 'Signing needs JavaScript. Please turn it on in your browser to sign.',
  },
  de: {
    signPad: 'Unterschriftenfeld: Unterschreiben Sie mit Maus, Stift oder Finger',
    signClear: 'Löschen',
    signTyped: 'Oder geben Sie stattdessen Ihren Namen ein',
    signSaved: 'Unterschrift gespeichert',
    signNoScript: 'Zum Unterschreiben wird JavaScript benötigt. Bitte aktivieren Sie es in Ihrem Browser.',
  },
  es: {
    signPad: 'Panel de firma: firme con el ratón, un lápiz o el dedo',
    signClear: 'Borrar',
    signTyped: 'O escriba su nombre en su lugar',
    signSaved: 'Firma guardada',
    signNoScript: 'Para firmar se necesita JavaScript. Actívelo en su navegador para firmar.',
  },
  it: {
    signPad: 'Area firma: firma con il mouse, una penna o il dito',
    signClear: 'Cancella',
    signTyped: 'Oppure scrivi il tuo nome',
    signSaved: 'Firma salvata',
    signNoScript: 'Per firmare serve JavaScript. Attivalo nel browser per firmare.',
  },
  nl: {
    signPad: 'Handtekeningveld: teken uw handtekening met muis, pen of vinger',
    signClear: 'Wissen',
    signTyped: 'Of typ in plaats daarvan uw naam',
    signSaved: 'Handtekening opgeslagen',
    signNoScript: 'Ondertekenen vereist JavaScript. Zet het aan in uw browser om te ondertekenen.',
  },
  tr: {
    signPad: 'İmza alanı: fare, kalem veya parmağınızla imzalayın',
    signClear: 'Temizle',
    signTyped: 'Ya da bunun yerine adınızı yazın',
    signSaved: 'İmza kaydedildi',
    signNoScript: 'İmzalamak için JavaScript gerekir. İmzalamak için tarayıcınızda açın.',
  },
};

/** The signature texts of a language (its base language, `de-AT` -> `de`), English when there are none. */
export function signatureTexts(language: string): SignatureTexts {
  return TEXTS[language] ?? TEXTS[language.split('-')[0]!.toLowerCase()] ?? TEXTS.en!;
}
