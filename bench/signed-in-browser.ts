// A headless Chromium with a debugging port, signed in to the portal as one user: Lighthouse (through
// `--port`) and the timing benches open their pages in it and find the Keycloak session already there.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { signIn } from '../e2e/src/fixtures/session';

export interface SignedInBrowser {
  context: BrowserContext;
  /** The page the sign-in happened in (left on about:blank, so it costs nothing while Lighthouse runs). */
  page: Page;
  /** The Chromium DevTools port Lighthouse connects to. */
  port: number;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Launches Chromium with a persistent profile (its default context is the one Lighthouse's new tabs open in),
 * signs `user` in on `signInPath` and hands the browser over.
 */
export async function openSignedInBrowser(user: { email: string; password: string }, signInPath: string, viewport = { width: 1280, height: 900 }): Promise<SignedInBrowser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'kidslearn-bench-profile-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', `--remote-debugging-port=${port}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, user, signInPath);
    await page.goto('about:blank');
    return {
      context,
      page,
      port,
      close: async () => {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

/** A fresh page in the signed-in browser with an empty HTTP cache (the session cookies stay). */
export async function coldPage(browser: Pick<SignedInBrowser, 'context'>): Promise<Page> {
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return page;
}
