import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The WCAG levels every page is held to: 2.0 and 2.1, A and AA. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The page's WCAG 2.1 A/AA violations found by axe-core as it is now (run it in each state worth
 * checking: after Next, with errors shown, on the completion screen), one line each: the rule,
 * its impact and the elements, so a failing test names what to fix. axe runs through Playwright's
 * evaluate, which the page's Content-Security-Policy does not block.
 *
 * ```ts
 * expect(await axeViolations(page)).toEqual([]);
 * ```
 */
export async function axeViolations(page: Page, tags: readonly string[] = WCAG_AA): Promise<string[]> {
  // A state is checked once it has settled: mid-fade (a dialog opening, a menu closing) every
  // colour is paler and half-drawn parts are found, which no person reads. Endless animations
  // (a spinner) are not waited for.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).withTags([...tags]).analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'unknown'}): ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
