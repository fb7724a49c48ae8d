/** E-mailed one-time codes: made and compared under a key of their use, their tries counted in the database. */
export { takeCodeTry } from './code-tries-store.js';
export { createOneTimeCodes, type IssuedCode, type OneTimeCodes } from './one-time-codes.js';
