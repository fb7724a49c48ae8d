import type { UndeclaredErrorAnswer } from '../../src/http/declared-errors.js';

/**
 * The test servers' collector of error answers their routes do not declare (`createApp`'s
 * `onUndeclaredError`): `report` is handed to the app, `assertNone` fails the file once its
 * server closes, listing each problem once.
 */
export function undeclaredErrors() {
  const found: UndeclaredErrorAnswer[] = [];
  return {
    report: (answer: UndeclaredErrorAnswer) => {
      found.push(answer);
    },
    assertNone() {
      if (found.length === 0) return;
      const listed = [...new Set(found.map((answer) => answer.problem))].join('\n');
      throw new Error(`The server gave error answers their routes do not declare:\n${listed}`);
    },
  };
}
