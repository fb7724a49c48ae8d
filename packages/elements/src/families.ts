import type { QuestionFamily } from '@formloom/contract/engine';
import type { Family } from './markup/family.js';

/** Each family module, its own chunk for the app's bundler (and for the server's page scripts). */
const FAMILIES: Record<QuestionFamily, () => Promise<{ family: Family }>> = {
  scales: () => import('./markup/families/scales.js'),
  matrix: () => import('./markup/families/matrix.js'),
  ranking: () => import('./markup/families/ranking.js'),
  choices: () => import('./markup/families/choices.js'),
  inputs: () => import('./markup/families/inputs.js'),
  address: () => import('./markup/families/address.js'),
  signature: () => import('./markup/families/signature.js'),
  notices: () => import('./markup/families/notices.js'),
};

/**
 * Loads a family module on demand (docs/embedding.md "Sizes"), so a form of the original ten types
 * loads none.
 */
export function loadFamily(family: QuestionFamily): Promise<Family> {
  return FAMILIES[family]().then((m) => m.family);
}
