import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { downloadFailedMessage } from './errors';
import { say } from './log';

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.text()).trim().split(/\s+/)[0] ?? '';
}

/**
 * Downloads `url` to `dest` once (kept in the cache), checked against the `.sha1` Maven Central publishes
 * beside each artifact. Writes to a temporary file first so an interrupted download is never taken as done.
 */
export async function downloadOnce(component: string, url: string, dest: string, timeoutMs = 15 * 60_000): Promise<void> {
  if (existsSync(dest)) return;
  mkdirSync(path.dirname(dest), { recursive: true });
  const part = `${dest}.${process.pid}.part`;
  const startedAt = Date.now();
  try {
    const expectedSha1 = await fetchText(`${url}.sha1`);
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    const total = Number(response.headers.get('content-length') ?? 0);
    const hash = createHash('sha1');
    let received = 0;
    let lastReport = Date.now();
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    body.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      received += chunk.length;
      if (Date.now() - lastReport > 3000) {
        lastReport = Date.now();
        const pct = total ? ` (${Math.round((received / total) * 100)}%)` : '';
        say(component, `downloading ${(received / 1e6).toFixed(0)} MB${pct}`);
      }
    });
    await pipeline(body, createWriteStream(part));
    const actual = hash.digest('hex');
    if (expectedSha1 && actual !== expectedSha1) throw new Error(`sha1 mismatch (expected ${expectedSha1}, got ${actual})`);
    renameSync(part, dest);
    say(component, `downloaded ${(received / 1e6).toFixed(0)} MB in ${((Date.now() - startedAt) / 1000).toFixed(1)}s`);
  } catch (error) {
    rmSync(part, { force: true });
    throw downloadFailedMessage(component, url, error instanceof Error ? error.message : String(error));
  }
}
