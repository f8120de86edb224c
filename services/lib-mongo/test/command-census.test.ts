import { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commandShape, nextCensusFile, startCommandCensus } from '../src/command-census';

describe('commandShape', () => {
  it('when commands carry filters, then the shape names the command, the collection and the filter fields, never their values', () => {
    expect(commandShape({ commandName: 'find', command: { find: 'family_links', filter: { unlinked: false, childEmail: 'kid@school.test' } } })).toBe('find family_links childEmail,unlinked');
    expect(commandShape({ commandName: 'findAndModify', command: { findAndModify: 'users', query: { email: 'kid@school.test', gemsVersion: { $lt: 3 } } } })).toBe('findAndModify users email,gemsVersion');
    expect(commandShape({ commandName: 'update', command: { update: 'bests', updates: [{ q: { _id: 'a' } }, { q: { _id: 'b' } }] } })).toBe('update bests _id');
    expect(commandShape({ commandName: 'delete', command: { delete: 'attempts', deletes: [{ q: { email: 'kid@school.test' } }] } })).toBe('delete attempts email');
    expect(commandShape({ commandName: 'insert', command: { insert: 'ledger', documents: [{}, {}, {}] } })).toBe('insert ledger 3 document(s)');
    expect(commandShape({ commandName: 'ping', command: { ping: 1 } })).toBe('ping');
  });
});

describe('startCommandCensus', () => {
  it('when commands are sent and the census stops, then its file holds each shape counted', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'census-'));
    try {
      const client = new EventEmitter();
      const file = nextCensusFile(dir, 'gems', 42);
      const stop = startCommandCensus(client, file);
      for (let i = 0; i < 3; i++) client.emit('commandStarted', { commandName: 'find', command: { find: 'balances', filter: { _id: `kid${i}@school.test` } } });
      client.emit('commandStarted', { commandName: 'insert', command: { insert: 'ledger', documents: [{}] } });
      stop();
      expect(path.basename(file)).toBe('gems-42.json');
      // A second connection of the same process gets a file of its own.
      expect(path.basename(nextCensusFile(dir, 'gems', 42))).toBe('gems-42-2.json');
      const written = readFileSync(file, 'utf8');
      expect(JSON.parse(written)).toEqual({ 'find balances _id': 3, 'insert ledger 1 document(s)': 1 });
      expect(written).not.toContain('school.test');
      // Written whole through a rename: no temporary file is left beside it.
      expect(readdirSync(dir)).toEqual(['gems-42.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
