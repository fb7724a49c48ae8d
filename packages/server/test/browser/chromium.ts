import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
  type Response as PlaywrightResponse,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * The Debian `chromium` package's binary (`.ci/run` installs it): CHROMIUM_PATH when set, else
 * the first of the usual names found on PATH.
 */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      const path = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
      if (path !== '' && existsSync(path)) return path;
    } catch {
      // not installed under this name
    }
  }
  return undefined;
}

/**
 * Headless Chromium as CI runs it (root user, no GPU, no background traffic), asking pages for
 * reduced motion: a page that honours it draws each state at once, so a check (axe's contrast, a
 * click on a row) never meets a half-faded dialog or a sliding row, however loaded the machine.
 */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--force-prefers-reduced-motion',
    ],
  });
}

/**
 * The Chromium to drive, or undefined to skip the browser tests; on CI a missing one fails the
 * run instead of skipping it.
 */
export function chromiumOrSkip(): string | undefined {
  const executable = findChromium();
  if (executable === undefined && process.env.CI)
    throw new Error('chromium is not installed (apt-get install chromium)');
  return executable;
}

/** Where browser tests leave screenshots (the repository's test-artifacts/). */
export const ARTIFACTS = fileURLToPath(new URL('../../../../test-artifacts/', import.meta.url));

/** A page opened by `usePages`: what it reported as wrong is collected in `problems`. */
export interface OpenedPage {
  page: Page;
  /** Console errors and page errors (CSP violations included): a page must cause none. */
  problems: string[];
  response: PlaywrightResponse | null;
}

/**
 * The set-up of a page test, registered in the calling `describe`: one Chromium for the block
 * (and the artifacts folder), a fresh context for every `open`, closed after each test.
 */
export function usePages(executable: string | undefined): {
  open(
    url: string,
    viewport?: { width: number; height: number },
    options?: { javaScriptEnabled?: boolean; timezoneId?: string; hasTouch?: boolean; isMobile?: boolean },
  ): Promise<OpenedPage>;
} {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchChromium(executable!);
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await context?.close();
  });
  return {
    async open(url, viewport = { width: 900, height: 1000 }, options = {}) {
      context = await browser!.newContext({ viewport, reducedMotion: 'reduce', ...options });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => (m.type() === 'error' ? problems.push(m.text()) : undefined));
      page.on('pageerror', (e) => problems.push(e.message));
      const response = await page.goto(url);
      return { page, problems, response };
    },
  };
}

/** A stroke across a signature pad (`canvas`) with the mouse, its button held down. */
export async function mouseStroke(page: Page, canvas: Locator): Promise<void> {
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(box.x + box.width * (0.2 + i * 0.07), box.y + box.height * (i % 2 ? 0.3 : 0.7));
  await page.mouse.up();
}

/** A stroke across a signature pad (`canvas`) as the Pointer Events of a finger, dispatched in the page. */
export function touchStroke(canvas: Locator): Promise<void> {
  return canvas.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const send = (type: string, x: number, y: number) =>
      el.dispatchEvent(
        new PointerEvent(type, {
          pointerId: 7,
          pointerType: 'touch',
          isPrimary: true,
          bubbles: true,
          cancelable: true,
          clientX: box.left + x * box.width,
          clientY: box.top + y * box.height,
        }),
      );
    send('pointerdown', 0.2, 0.5);
    for (let i = 1; i <= 10; i++) send('pointermove', 0.2 + i * 0.06, 0.5 + (i % 2 ? 0.2 : -0.2));
    send('pointerup', 0.8, 0.5);
  });
}
