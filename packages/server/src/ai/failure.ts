import { AppError } from '../http/app-error.js';
import { AiError } from './provider.js';

/** An AI failure as the API reports it: the provider being down or refusing is a 503. */
export function aiFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof AiError ? error.message : 'The AI call failed';
  return new AppError('SERVICE_UNAVAILABLE', message);
}
