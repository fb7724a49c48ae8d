import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

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

/** Headless Chromium as CI runs it (root user, no GPU, no background traffic). */
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
    ],
  });
}
