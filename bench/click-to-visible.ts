/// <reference lib="dom" />
// Click-to-feedback latency measured inside the page: from the click event on a button to the first frame
// after a heading with the expected text is in the document. Driver round trips are not counted.
import type { Locator, Page } from 'playwright-core';

interface Probe {
  clickedAt?: number;
  shownAt?: number;
}

/** Arms a probe, clicks `button` and resolves with the milliseconds until a heading matching `shown` was painted. */
export async function clickToVisibleMs(page: Page, button: Locator, shown: RegExp): Promise<number> {
  await page.evaluate((source) => {
    const pattern = new RegExp(source);
    const probe: Probe = {};
    (window as unknown as { __benchProbe: Probe }).__benchProbe = probe;
    document.addEventListener('click', () => (probe.clickedAt ??= performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      const headings = document.querySelectorAll('h1, h2, h3, [role="heading"]');
      if (!Array.from(headings).some((heading) => pattern.test(heading.textContent ?? ''))) return;
      observer.disconnect();
      requestAnimationFrame(() => (probe.shownAt = performance.now()));
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, shown.source);
  await button.click();
  await page.waitForFunction(() => (window as unknown as { __benchProbe: Probe }).__benchProbe.shownAt !== undefined, undefined, { timeout: 30_000 });
  return page.evaluate(() => {
    const probe = (window as unknown as { __benchProbe: Probe }).__benchProbe;
    return probe.shownAt! - probe.clickedAt!;
  });
}
