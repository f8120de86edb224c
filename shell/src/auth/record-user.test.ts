import { createTestPlatform } from '@kidslearn/kit/testing';
import { recordSignedInUser } from './record-user';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) } as Storage;
}

describe('recording the signed-in user', () => {
  it('when a learner signs in, then the portal records them once', async () => {
    const { platform, calls } = createTestPlatform({ session: 'learner', gateway: (req) => (req.method === 'POST' ? { status: 201, body: {} } : { status: 404 }) });
    const storage = memoryStorage();
    await recordSignedInUser(platform, storage);
    await recordSignedInUser(platform, storage);
    expect(calls.filter((call) => call.method === 'POST' && call.url === '/users')).toHaveLength(1);
  });

  it('when a parent signs in, then no learner record is made for them', async () => {
    const { platform, calls } = createTestPlatform({ session: 'parent', gateway: () => ({ status: 201, body: {} }) });
    await recordSignedInUser(platform, memoryStorage());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
