import { describe, expect, it } from 'vitest';
import { axeViolations, settled } from './axe.js';
import { chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();

/**
 * A dialog opened the way Mantine opens one: the click renders it pale, and its fade starts two
 * frames later (the "pre-entering" state). A check that looked once for running animations found
 * none in those frames and measured the pale text (a contrast failure no person sees): the
 * dashboard's teams test failed so on a loaded machine. Plain CSS here, so reduced motion does
 * not skip the fade: this is the helper's own wait at work.
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Fade</title><style>
  #dialog { opacity: 0.3; color: #767676; }
  #dialog.entering { opacity: 1; transition: opacity 1.5s linear; }
</style></head><body><main>
  <button type="button" id="open">Open</button>
  <div id="dialog" role="dialog" aria-label="Revoke" hidden><p>Revoke this key? It stops working at once.</p></div>
</main><script>
  document.getElementById('open').addEventListener('click', () => {
    const dialog = document.getElementById('dialog');
    dialog.hidden = false;
    requestAnimationFrame(() => requestAnimationFrame(() => dialog.classList.add('entering')));
  });
</script></body></html>`;

describe.skipIf(executable === undefined)('axeViolations waits until the page stands still', () => {
  const pages = usePages(executable);

  it('measures a fading-in dialog once it has faded in, not in the frames before its fade starts', async () => {
    const { page } = await pages.open('about:blank');
    await page.setContent(PAGE);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open' }).click();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.locator('#dialog').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  });

  it('says what still moves rather than measuring a page that never settles', async () => {
    const { page } = await pages.open('about:blank');
    await page.setContent(PAGE.replace('1.5s', '60s'));
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(settled(page, 1_000)).rejects.toThrow(/still moves after 1000 ms: opacity on div/);
  });
});
