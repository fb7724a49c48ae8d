import { InvalidInputError } from '../../domain-errors.js';

export { hashPassword, SCRYPT_PARAMS, verifyPassword } from '../../platform/password-hash.js';

/** A user that cannot be created or changed as asked (weak password, taken email...). */
export class UserError extends InvalidInputError {
  override name = 'UserError';
}
