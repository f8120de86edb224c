import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Stable short hash of labelled parts; the order of parts matters, their labels keep it unambiguous. */
export function hashParts(parts: Array<[label: string, content: string | Buffer]>): string {
  const hash = createHash('sha256');
  for (const [label, content] of parts) {
    hash.update(`${label}\0${Buffer.byteLength(content)}\0`);
    hash.update(content);
  }
  return hash.digest('hex').slice(0, 16);
}

/** Cache key of files (by relative name and content) plus extra settings that change the output. */
export function hashFiles(baseDir: string, files: string[], extra: string[] = []): string {
  const parts: Array<[string, string | Buffer]> = [...files]
    .sort()
    .map((file) => [`file:${file}`, readFileSync(path.join(baseDir, file))]);
  extra.forEach((value, index) => parts.push([`extra:${index}`, value]));
  return hashParts(parts);
}
