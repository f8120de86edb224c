import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lastLines, markerFromCwd } from '../src/procs';

describe('markerFromCwd', () => {
  it('when a process runs in <repo>/.local/<component>, then its marker is <repo>#<component>', () => {
    expect(markerFromCwd('/work/main/.local/redis')).toBe('/work/main#redis');
  });

  it('when a process runs anywhere else, then it has no marker', () => {
    expect(markerFromCwd('/var/lib/redis')).toBeUndefined();
    expect(markerFromCwd('/work/main/.local/redis/data')).toBeUndefined();
    expect(markerFromCwd(undefined)).toBeUndefined();
  });
});

describe('lastLines', () => {
  it('when the log is longer than asked, then only its last lines come back, without the trailing blank', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'log-')), 'x.log');
    writeFileSync(file, 'a\nb\nc\nd\n');
    expect(lastLines(file, 2)).toEqual(['c', 'd']);
  });

  it('when the log does not exist, then there are no lines', () => {
    expect(lastLines('/nonexistent/x.log')).toEqual([]);
  });
});
