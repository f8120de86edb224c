import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { censusLines, readCensus } from './db-census';

describe('db-census', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'census-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('when two connections of a service left files and one file is not JSON, then their counts are summed per service and the broken file is named', () => {
    writeFileSync(path.join(dir, 'gems-101.json'), JSON.stringify({ 'find balances _id': 30, 'insert ledger 1 document(s)': 10 }));
    writeFileSync(path.join(dir, 'gems-102-2.json'), JSON.stringify({ 'find balances _id': 10 }));
    writeFileSync(path.join(dir, 'quiz-103.json'), JSON.stringify({ 'find bests lessonId': 5 }));
    writeFileSync(path.join(dir, 'gifts-104.json'), '{"find gi');
    const { census, skipped } = readCensus(dir);
    expect(census).toEqual({ gems: { 'find balances _id': 40, 'insert ledger 1 document(s)': 10 }, quiz: { 'find bests lessonId': 5 } });
    expect(skipped).toEqual(['gifts-104.json']);
    expect(censusLines(census, 20)).toEqual(['gems: 2.5', '         2  find balances _id', '       0.5  insert ledger 1 document(s)', 'quiz: 0.25', '      0.25  find bests lessonId']);
  });
});
