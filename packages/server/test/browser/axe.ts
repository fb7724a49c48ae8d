import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The WCAG levels every page is held to: 2.0 and 2.1, A and AA. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Resolves once nothing on the page moves (endless animations such as a spinner aside) for a few
 * frames in a row: a person reads a dialog once it has faded in. One quiet frame is not enough:
 * Mantine starts a transition two frames after the state that asks for it, so a dialog can stand
 * there fully transparent with no animation running yet. Fails, naming what still moves, after
 * `timeout` ms, rather than measuring a half-drawn page.
 */
export async function settled(page: Page, timeout = 10_000): Promise<void> {
  const moving = await page.evaluate(
    (limit) =>
      new Promise<string[]>((resolve) => {
        const QUIET_FRAMES = 3;
        const end = performance.now() + limit;
        let quiet = 0;
        const running = () =>
          document
            .getAnimations()
            .filter(
              (a) =>
                (a.playState === 'running' || a.pending) &&
                a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
            );
        const check = () => {
          const now = running();
          quiet = now.length === 0 ? quiet + 1 : 0;
          if (quiet >= QUIET_FRAMES) resolve([]);
          else if (performance.now() > end)
            resolve(
              now.map((a) => {
                const target = (a.effect as KeyframeEffect | null)?.target;
                const name =
                  (a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty ?? a.id;
                return `${name} on ${target?.tagName.toLowerCase() ?? '?'}.${target?.className ?? ''}`;
              }),
            );
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    timeout,
  );
  if (moving.length > 0) throw new Error(`the page still moves after ${timeout} ms: ${moving.join(', ')}`);
}

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
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags([...tags]).analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'unknown'}): ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * axe runs as a script, which this page's context does not run: it checks the same document (the
 * pages after a post carry no script, so they render alike) in a context with scripts, fed the
 * HTML at the same URL so its stylesheet loads as it did.
 */
export async function axeOfSame(page: Page): Promise<string[]> {
  const html = await page.content();
  const url = page.url();
  const context = await page.context().browser()!.newContext({ viewport: page.viewportSize()! });
  try {
    const twin = await context.newPage();
    await twin.route(url, (route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }));
    await twin.goto(url);
    return await axeViolations(twin);
  } finally {
    await context.close();
  }
}
