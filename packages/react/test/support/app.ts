import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestServer } from '@formloom/server/testing';
import { launchChromium } from '@formloom/server/testing/browser';
import type { Browser, Page } from 'playwright-core';
import { bundle, type ReactVersion } from './bundle.js';
import { PIXEL, startHost } from './host.js';

/**
 * A host app built with code splitting, as an app's bundler does: the question types' families
 * (and a repeating section's entries) are chunks of their own. It draws the form with the default
 * components (with `?custom=1`, text fields with a component of its own that marks its input
 * `data-custom`) and shows the answers as JSON in `#answers` (what the runtime holds, before any
 * check by the engine), and a paged form's resume token in `#resume` (`?resume=` restores its
 * partial; `?accessToken=` passes a protected form's token, `?t=` a personal link's and `?edit=` an
 * edit's; `#edit` shows the edit token a submission answered; `#checkout` the Stripe Checkout a
 * payment form's submission started, which `?hostCheckout=1` keeps in `#checkout-by-host` instead of
 * going there).
 */
const APP = `
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FormloomFormView, useFormloomForm } from '../src/index.js';

function CustomText(props) {
  return h('div', { className: 'fl-field' },
    h('label', { htmlFor: props.id }, props.label),
    h('input', { id: props.id, name: props.name, 'data-custom': '', value: props.value ?? '',
      'aria-invalid': props.errors ? true : undefined, 'aria-describedby': props.describedBy,
      onChange: (e) => props.onChange(e.currentTarget.value || undefined) }),
    props.errors ? h('p', { id: props.errorId, className: 'fl-error' }, props.errors.join(' ')) : null);
}

function App() {
  const q = new URLSearchParams(location.search);
  const handle = useFormloomForm({
    code: q.get('code'),
    api: location.origin,
    lang: q.get('lang') ?? undefined,
    resume: q.get('resume') ?? undefined,
    accessToken: q.get('accessToken') ?? undefined,
    linkToken: q.get('t') ?? undefined,
    editToken: q.get('edit') ?? undefined,
    // ?hostCheckout=1: the host keeps Stripe Checkout's address (#checkout-by-host) instead of going.
    onCheckout: q.get('hostCheckout') ? (url) => { document.getElementById('checkout-by-host').textContent = url; } : undefined,
  });
  return h('div', null,
    h(FormloomFormView, { handle, className: 'fl', components: q.get('custom') ? { text: CustomText } : undefined }),
    h('pre', { id: 'answers' }, JSON.stringify(handle.state.answers)),
    h('p', { id: 'stored' }, handle.state.status === 'done' ? 'stored ' + handle.state.responseId : ''),
    h('p', { id: 'resume' }, handle.state.resumeToken ?? ''),
    h('p', { id: 'edit' }, handle.state.editToken ?? ''),
    h('p', { id: 'checkout' }, handle.state.checkoutUrl ?? ''),
    h('p', { id: 'checkout-by-host' }));
}
createRoot(document.getElementById('root')).render(h(StrictMode, null, h(App)));
`;

/** The lazily loaded chunks of the package, by the name of their module. */
const CHUNK =
  /\/(scales|matrix|ranking|choices|inputs|address|signature|notices|repeat|quiz|access|respondent|payment)-[\w]+\.js$/;

export interface SplitApp {
  /** Opens a form by its code (with more of the query after it) at a width of the window. */
  open(code: string, width?: number): Promise<{ page: Page; problems: string[]; chunks: string[] }>;
  close(): Promise<void>;
}

/**
 * Bundles the host app with the React of `version`, serves it (the Formloom server `t` behind it)
 * and starts Chromium. `open` answers the page, its errors and the package's chunks it loaded.
 */
export async function startSplitApp(
  version: ReactVersion,
  t: TestServer,
  executable: string,
): Promise<SplitApp> {
  const app = await bundle(APP, version, 'browser', { splitting: true });
  const host = await startHost(readFileSync(app), () => t.url, dirname(app));
  const browser: Browser = await launchChromium(executable);
  return {
    async open(code, width = 900) {
      // A date and time is answered with the offset of this zone (+01:00 in winter).
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        timezoneId: 'Europe/Berlin',
      });
      const page = await context.newPage();
      const problems: string[] = [];
      const chunks: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => (m.type() === 'error' ? problems.push(m.text()) : undefined));
      page.on('request', (r) => {
        const chunk = CHUNK.exec(new URL(r.url()).pathname)?.[1];
        if (chunk !== undefined) chunks.push(chunk);
      });
      await page.route('https://img.example.com/**', (route) =>
        route.fulfill({ contentType: 'image/png', body: PIXEL }),
      );
      await page.goto(`${host.origin}/?code=${code}`);
      await page.locator('form h1').waitFor();
      return { page, problems, chunks };
    },
    async close() {
      await browser.close();
      await host.close();
    },
  };
}

/** The answers the page's runtime holds now (`#answers`). */
export const answers = async (page: Page) =>
  JSON.parse((await page.locator('#answers').textContent()) ?? '{}');

/** The answers stored on the server for the response the page just sent (`#stored`). */
export async function storedAnswers<T = unknown>(
  t: TestServer,
  key: string,
  formId: string,
  page: Page,
): Promise<T | undefined> {
  const res = await t.request(`/v1/forms/${formId}/responses`, { key });
  const rows = res.body.data.responses as { id: string; answers: T }[];
  const out = (await page.locator('#stored').textContent()) ?? '';
  return rows.find((r) => out === `stored ${r.id}`)?.answers;
}
