/** A form's access rules as its public routes enforce them: the unlock tokens and the one check. */

export {
  currentAccessToken,
  currentRespondentCookies,
  formAccessTokens,
  withAccessToken,
} from './access-context.js';
export { ACCESS_TOKEN_TTL_SECONDS, type AccessTokens, createAccessTokens } from './access-tokens.js';
export { assertOpen, checkFormAccess, type FormAccessRow, NotOpenYetError } from './form-access-check.js';
export {
  createVerificationTokens,
  normaliseAddress,
  VERIFICATION_TOKEN_TTL_SECONDS,
  type VerificationTokens,
} from './verification-tokens.js';
