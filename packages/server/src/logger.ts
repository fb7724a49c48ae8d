import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger } from 'pino';

/**
 * Paths pino censors wherever they appear in a log object. Request logs never carry headers or
 * bodies in the first place; this is the second line of defence against a careless `log.info(x)`.
 */
export const REDACT_PATHS = [
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  '*.headers.authorization',
  'apiKey',
  '*.apiKey',
  'secret',
  '*.secret',
  'token',
  '*.token',
  'answers',
  '*.answers',
  'body',
  '*.body',
];

export interface LoggerOptions {
  level?: string;
  /** Where lines go; stdout when absent. Tests pass a stream to read the lines back. */
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: 'formloom' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination,
  );
}
