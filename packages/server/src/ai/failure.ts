import { DomainError, unavailable } from '../domain-errors.js';
import { AiError } from './provider.js';

/**
 * An AI failure in the domain's words: a domain error (no credits, not found, ...) stays as it is;
 * the provider being down or refusing is unavailable (the HTTP layer answers it with a 503).
 */
export function aiFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  return unavailable(error instanceof AiError ? error.message : 'The AI call failed');
}
