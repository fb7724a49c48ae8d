import type { GeneratedCheck, GeneratedCheckParts } from './generated-check.js';

/**
 * The code generator as a browser bundle has it (`#engine/generator` under the `browser`
 * condition): none. A page checks answers with compile-form.ts's closures, which a strict
 * Content-Security-Policy allows (no `new Function`), and the generator's ~2 KB gzipped stay out.
 */
export function canGenerateCode(): boolean {
  return false;
}

export function generateCheck(_parts: GeneratedCheckParts): GeneratedCheck | null {
  return null;
}
