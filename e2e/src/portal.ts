// Where the portal's pieces live during browser tests, and how to tell they are up.
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
export const STATE_FILE = path.join(ROOT, 'e2e/.cache/servers.json');
export const PORTAL_URL = process.env.PORTAL_URL ?? 'http://localhost:3000';
export const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://localhost:4000';
export const KEYCLOAK_URL = process.env.KEYCLOAK_URL ?? 'http://localhost:8080';

export async function answers(url: string, timeoutMs = 2000): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok;
  } catch {
    return false;
  }
}

export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await answers(url)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
