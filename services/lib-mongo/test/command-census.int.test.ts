import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Schema } from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { uniqueDbUrl } from '@kidslearn/lib-testkit';
import { connectMongo, DB_CENSUS_ENV } from '../src';

const logger = createLogger('census-test', process.env.TEST_LOG_LEVEL ?? 'silent');

describe('the database command census (real database)', () => {
  it('when KIDSLEARN_DB_CENSUS names a directory, then the connection counts the commands it sends there by collection and filter fields (no values); without it, commands are not monitored', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'census-'));
    const before = process.env[DB_CENSUS_ENV];
    process.env[DB_CENSUS_ENV] = dir;
    try {
      const conn = await connectMongo(uniqueDbUrl('lib-mongo-census'), logger);
      const Thing = conn.model('Thing', new Schema({ _id: String, owner: String, n: Number }), 'things');
      await Thing.create({ _id: 'one', owner: 'kid@school.test', n: 1 });
      await Thing.findOne({ owner: 'kid@school.test' }).lean();
      await Thing.findOne({ owner: 'kid@school.test' }).lean();
      await Thing.updateOne({ _id: 'one' }, { $inc: { n: 1 } });
      await conn.dropDatabase();
      await conn.close();
      const [file] = readdirSync(dir);
      const counts = JSON.parse(readFileSync(path.join(dir, file!), 'utf8')) as Record<string, number>;
      expect(counts).toMatchObject({ 'insert things 1 document(s)': 1, 'find things owner': 2, 'update things _id': 1 });
      expect(JSON.stringify(counts)).not.toContain('school.test');
    } finally {
      if (before === undefined) delete process.env[DB_CENSUS_ENV];
      else process.env[DB_CENSUS_ENV] = before;
      rmSync(dir, { recursive: true, force: true });
    }
    // Without it, the driver does not even report the commands (no cost on a normal run).
    const plain = await connectMongo(uniqueDbUrl('lib-mongo-census-off'), logger);
    try {
      expect(plain.getClient().options.monitorCommands).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
