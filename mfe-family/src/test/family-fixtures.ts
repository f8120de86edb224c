import type { ChildGems, ChildLearning, FamilyChild, FamilyInvitation, Redemption } from '@kidslearn/contracts';

export const lina: FamilyChild = { linkId: 'link-lina-0001', name: 'Lina', img: 'http://img.test/lina.png', consentedAt: '2026-11-02T10:00:00.000Z', approveGifts: true, monthlyGemCap: null };
export const omar: FamilyChild = { linkId: 'link-omar-0002', name: 'Omar', img: null, consentedAt: '2026-11-03T10:00:00.000Z', approveGifts: false, monthlyGemCap: 20 };

export const linaLearning: ChildLearning = {
  lessons: [
    { lessonId: 'l1', lessonHeading: 'Adding tens', score: 5, total: 5, attemptedAt: '2026-11-10T10:00:00.000Z', rank: 1, learners: 12 },
    { lessonId: 'l2', lessonHeading: 'Shapes', score: 3, total: 5, attemptedAt: '2026-11-12T10:00:00.000Z', rank: null, learners: 4 },
  ],
};

export const linaGems: ChildGems = {
  balance: 7,
  lines: [
    { kind: 'quiz', amount: 2, at: '2026-11-10T10:00:00.000Z', lessonId: 'l1' },
    { kind: 'redemption', amount: -5, at: '2026-11-14T10:00:00.000Z', redemptionId: 'r2' },
    { kind: 'refund', amount: 5, at: '2026-11-15T10:00:00.000Z', redemptionId: 'r2' },
    { kind: 'review', amount: 1, at: '2026-11-11T10:00:00.000Z' },
  ],
};

const address = { name: 'Lina', phone: '0123 456', address1: '1 Main Street', city: 'Townsville', postalCode: '12345' };
export const awaiting: Redemption = {
  _id: 'r1',
  email: 'lina@kidslearn.test',
  giftId: 'robot',
  giftName: 'Robot Kit',
  giftImg: 'http://img.test/robot.svg',
  cost: 40,
  address,
  createdAt: '2026-11-16T10:00:00.000Z',
  deliveryStatus: false,
  status: 'awaiting-parent',
};
export const declined: Redemption = { ...awaiting, _id: 'r2', giftId: 'stickers', giftName: 'Sticker Pack', cost: 5, createdAt: '2026-11-14T10:00:00.000Z', status: 'declined' };

export const invitation: FamilyInvitation = { childName: 'Lina', parentEmail: 'parent@kidslearn.test', hasAccount: false, expiresAt: '2026-12-01T10:00:00.000Z' };
export const TOKEN = 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
