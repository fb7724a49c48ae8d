import type { QuestionFamily } from '@formloom/contract/engine';
import type { Family } from './markup/family.js';

/**
 * Loads a family module on demand (docs/embedding.md "Sizes"): each is its own chunk for the app's
 * bundler, so a form of the original ten types loads none. The server's page build puts a module
 * in place of this one that imports its own built chunks by URL.
 */
export function loadFamily(family: QuestionFamily): Promise<Family> {
  switch (family) {
    case 'scales':
      return import('./markup/families/scales.js').then((m) => m.family);
    case 'matrix':
      return import('./markup/families/matrix.js').then((m) => m.family);
    case 'ranking':
      return import('./markup/families/ranking.js').then((m) => m.family);
    case 'inputs':
      return import('./markup/families/inputs.js').then((m) => m.family);
    case 'address':
      return import('./markup/families/address.js').then((m) => m.family);
    case 'notices':
      return import('./markup/families/notices.js').then((m) => m.family);
    case 'signature':
      return import('./markup/families/signature.js').then((m) => m.family);
    default:
      return import('./markup/families/choices.js').then((m) => m.family);
  }
}
