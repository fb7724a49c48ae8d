import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/logger.js';

/** A real pino logger at `info` whose lines (raw JSON) are kept in `lines`, for asserting what was logged. */
export function captureLogs(): { lines: string[]; logger: Logger } {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'info',
    destination: new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    }),
  });
  return { lines, logger };
}
