// How many bytes of one minified chunk are the kit's, read from the chunk's source map: each mapping starts
// a range of the generated line that runs to the next mapping, and belongs to that mapping's source file.
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

export interface ChunkShare {
  rawBytes: number;
  gzipBytes: number;
  /** Bytes mapped to any source (the rest is webpack's glue between modules). */
  mappedBytes: number;
  kitRawBytes: number;
  /** gzip -9 of the kit's ranges of the chunk, concatenated in their order. */
  kitGzipBytes: number;
  /** Raw bytes per owner: 'kit/src' or a package name. */
  byOwner: Map<string, number>;
}

const gzip = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;

/** 'kit/src' for the kit's own files, the package's name for a kit-only package, else undefined. */
export function kitOwner(source: string, kitPackages: ReadonlySet<string>): string | undefined {
  const inPackage = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
  if (inPackage) return kitPackages.has(inPackage[1]!) ? inPackage[1] : undefined;
  return /(^|\/)kit\/src\//.test(source) ? 'kit/src' : undefined;
}

export function kitShare(code: string, map: RawSourceMap, kitPackages: ReadonlySet<string>): ChunkShare {
  const lines = code.split('\n');
  // Mappings per generated line, in column order (GENERATED_ORDER sorts by line, then column).
  const starts: Array<Array<{ column: number; source: string | null }>> = lines.map(() => []);
  new SourceMapConsumer(map).eachMapping(
    (mapping) => starts[mapping.generatedLine - 1]?.push({ column: mapping.generatedColumn, source: mapping.source }),
    null,
    SourceMapConsumer.GENERATED_ORDER,
  );
  const byOwner = new Map<string, number>();
  const kitText: string[] = [];
  let mappedBytes = 0;
  lines.forEach((line, index) => {
    const marks = starts[index]!;
    marks.forEach((mark, i) => {
      if (!mark.source) return;
      const text = line.slice(mark.column, marks[i + 1]?.column ?? line.length);
      const bytes = Buffer.byteLength(text);
      mappedBytes += bytes;
      const owner = kitOwner(mark.source, kitPackages);
      if (!owner) return;
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + bytes);
      kitText.push(text);
    });
  });
  const kit = kitText.join('');
  return { rawBytes: Buffer.byteLength(code), gzipBytes: gzip(code), mappedBytes, kitRawBytes: Buffer.byteLength(kit), kitGzipBytes: kit ? gzip(kit) : 0, byOwner };
}
