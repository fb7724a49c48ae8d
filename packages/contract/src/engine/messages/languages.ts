import type { Language } from '../../models/limits.js';
import { de } from './de.js';
import { enQuestionTypes } from './en-question-types.js';
import { es } from './es.js';
import * as texts from './form-texts-translated.js';
import { it } from './it.js';
import { nl } from './nl.js';
import type { LanguagePack } from './packs.js';
import { tr } from './tr.js';

/**
 * The five languages besides English, built into the engine wherever the `browser` condition is not
 * set (Node: the server validates in every language). `#engine/languages` in package.json.
 */
export const TRANSLATED: readonly (readonly [Language, LanguagePack])[] = [
  ['tr', { messages: tr, formTexts: texts.tr }],
  ['es', { messages: es, formTexts: texts.es }],
  ['it', { messages: it, formTexts: texts.it }],
  ['de', { messages: de, formTexts: texts.de }],
  ['nl', { messages: nl, formTexts: texts.nl }],
];

/** English's question type messages, built in here; a browser bundle loads them with their code. */
export const ENGLISH_QUESTION_TYPES: typeof enQuestionTypes | undefined = enQuestionTypes;
