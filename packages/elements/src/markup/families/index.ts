import type { Families } from '../family.js';
import { family as address } from './address.js';
import { family as choices } from './choices.js';
import { family as inputs } from './inputs.js';
import { family as matrix } from './matrix.js';
import { family as notices } from './notices.js';
import { family as ranking } from './ranking.js';
import { family as scales } from './scales.js';
import { family as signature } from './signature.js';

/**
 * Every family drawn so far, for a renderer that draws any form at once (the server's page); the
 * signature family comes with its renderer.
 */
export const ALL_FAMILIES: Families = {
  scales,
  matrix,
  ranking,
  choices,
  inputs,
  address,
  notices,
  signature,
};

/** The families' rules, for a stylesheet of its own (the server's page). */
export const FAMILY_STYLE = Object.values(ALL_FAMILIES)
  .map((f) => f.style)
  .join('\n');
