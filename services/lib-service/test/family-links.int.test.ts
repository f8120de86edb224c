// The family links every service keeps (family-links.ts), on the real local database: a child's live link is read,
// never cached, and the questions asked together share one read.
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { uniqueDbUrl } from '@kidslearn/lib-testkit';
import { createFamilyLinks, type FamilyLinks } from '../src';

let db: mongoose.Connection;
let links: FamilyLinks;

beforeAll(async () => {
  db = await mongoose.createConnection(uniqueDbUrl('family-links')).asPromise();
  links = createFamilyLinks(db);
  await links.init();
});
afterAll(async () => {
  await db.dropDatabase().catch(() => undefined);
  await db.close();
});

const child = () => `child-${randomUUID().slice(0, 8)}@kidslearn.test`;
const linked = (childEmail: string, version = 1) => ({
  data: { linkId: randomUUID(), childEmail, parentEmail: `parent-${randomUUID().slice(0, 8)}@kidslearn.test`, approveGifts: true, monthlyGemCap: 30, version },
});

it('when several children are asked about together, then one read answers each with its own live link, or none', async () => {
  const [ana, ben, cara] = [child(), child(), child()];
  const anaLink = linked(ana);
  const benLink = linked(ben);
  await links.handlers['family.linked'](anaLink);
  await links.handlers['family.linked'](benLink);
  await links.handlers['family.unlinked']({ data: { linkId: benLink.data.linkId, childEmail: ben, parentEmail: benLink.data.parentEmail, version: 2 } });
  const find = jest.spyOn(links.model, 'find');
  try {
    const answers = await Promise.all([links.ofChild(ana), links.ofChild(ben), links.ofChild(cara), links.ofChild(ana.toUpperCase())]);
    expect(answers).toEqual([
      expect.objectContaining({ linkId: anaLink.data.linkId, childEmail: ana, approveGifts: true, monthlyGemCap: 30 }),
      null,
      null,
      expect.objectContaining({ linkId: anaLink.data.linkId }),
    ]);
    expect(find).toHaveBeenCalledTimes(1);
  } finally {
    find.mockRestore();
  }
});

it('when a link changes, then the next question sees it (nothing is kept between reads)', async () => {
  const dan = child();
  const link = linked(dan);
  expect(await links.ofChild(dan)).toBeNull();
  await links.handlers['family.linked'](link);
  expect(await links.ofChild(dan)).toMatchObject({ linkId: link.data.linkId, monthlyGemCap: 30 });
  await links.handlers['family.linked']({ data: { ...link.data, monthlyGemCap: 10, version: 2 } });
  expect(await links.ofChild(dan)).toMatchObject({ monthlyGemCap: 10 });
  await links.handlers['family.unlinked']({ data: { linkId: link.data.linkId, childEmail: dan, parentEmail: link.data.parentEmail, version: 3 } });
  expect(await links.ofChild(dan)).toBeNull();
});
