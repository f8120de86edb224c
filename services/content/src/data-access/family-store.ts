import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { Schema, type Connection, type Model } from 'mongoose';
import { createEvent, type EventInput } from '@kidslearn/contracts';
import type { EventEnvelope } from '@kidslearn/lib-events';
import { isDuplicateKeyError, OUTBOX_CLEAR_DELAY_MS, outboxFields, type Outbox } from '@kidslearn/lib-mongo';
import type { FamilyLinkRecord, FamilyStore, SettingsChange } from '../domain/family';

/** A link as stored: the record (its id as `_id`), the token's hash and the outbox its events ride in. */
export interface FamilyLinkDoc extends Omit<FamilyLinkRecord, 'linkId'> {
  _id: string;
  /** sha256 of the mail's token; null once answered */
  tokenHash: string | null;
  outbox: EventEnvelope[];
}

const schema = new Schema<FamilyLinkDoc>(
  {
    _id: { type: String, required: true },
    // One link per child: a new invitation replaces one nobody answered.
    childEmail: { type: String, required: true, unique: true },
    childName: { type: String, required: true },
    parentEmail: { type: String, required: true, index: true },
    status: { type: String, required: true, enum: ['invited', 'consented', 'withdrawn'] },
    tokenHash: { type: String, default: null, index: true },
    invitedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    consentedAt: { type: Date, default: null },
    approveGifts: { type: Boolean, default: true },
    monthlyGemCap: { type: Number, default: null },
    version: { type: Number, required: true },
    ...outboxFields,
  },
  { collection: 'family_links', versionKey: false },
);

const toRecord = (doc: FamilyLinkDoc): FamilyLinkRecord => ({
  linkId: doc._id,
  childEmail: doc.childEmail,
  childName: doc.childName,
  parentEmail: doc.parentEmail,
  status: doc.status,
  invitedAt: doc.invitedAt,
  expiresAt: doc.expiresAt,
  consentedAt: doc.consentedAt ?? null,
  approveGifts: doc.approveGifts,
  monthlyGemCap: doc.monthlyGemCap ?? null,
  version: doc.version,
});

const linkedEvent = (doc: FamilyLinkDoc, version: number, change: Partial<FamilyLinkDoc> = {}) => {
  const next = { ...doc, ...change };
  const data: EventInput<'family.linked'> = { linkId: doc._id, childEmail: doc.childEmail, parentEmail: doc.parentEmail, approveGifts: next.approveGifts, monthlyGemCap: next.monthlyGemCap ?? null, version };
  return createEvent('family.linked', data);
};
const unlinkedEvent = (doc: FamilyLinkDoc, version: number) => createEvent('family.unlinked', { linkId: doc._id, childEmail: doc.childEmail, parentEmail: doc.parentEmail, version });

/**
 * Parent–child links (`family_links`), the one authority on consent. Every change the other services must
 * know leaves with its write (outbox): family.linked on consent and on each settings change, family.unlinked
 * on withdrawal; each raises `version`, guarded by the version read, so two changes never both win.
 */
export function createFamilyStore(db: Connection, outboxOf: (model: Model<FamilyLinkDoc>) => Outbox<FamilyLinkDoc>): FamilyStore & { init(): Promise<void> } {
  const model = db.model<FamilyLinkDoc>('FamilyLink', schema);
  const outbox = outboxOf(model);
  const lean = (filter: object) => model.findOne(filter).lean<FamilyLinkDoc>();

  return {
    async init() {
      await model.init();
    },
    async byChild(childEmail: string): Promise<FamilyLinkRecord | null> {
      const doc = await lean({ childEmail });
      return doc ? toRecord(doc) : null;
    },
    async byToken(tokenHash: string): Promise<FamilyLinkRecord | null> {
      const doc = await lean({ tokenHash });
      return doc ? toRecord(doc) : null;
    },
    async ofParent(parentEmail: string, linkId: string): Promise<FamilyLinkRecord | null> {
      const doc = await lean({ _id: linkId, parentEmail, status: 'consented' });
      return doc ? toRecord(doc) : null;
    },
    async childrenOf(parentEmail: string): Promise<FamilyLinkRecord[]> {
      const docs = await model.find({ parentEmail, status: 'consented' }).sort({ consentedAt: 1 }).lean<FamilyLinkDoc[]>();
      return docs.map(toRecord);
    },
    /**
     * A new invitation for the child, replacing one not agreed to (invited or withdrawn: a withdrawn link's
     * tombstone already left). Resolves 'consented' (nothing written) when a parent has agreed.
     */
    async invite(child: { email: string; name: string }, parentEmail: string, tokenHash: string, now: Date, expiresAt: Date): Promise<'invited' | 'consented'> {
      for (let tries = 0; tries < 3; tries++) {
        const current = await lean({ childEmail: child.email });
        if (current?.status === 'consented') return 'consented';
        const doc = { _id: randomUUID(), childEmail: child.email, childName: child.name, parentEmail, status: 'invited' as const, tokenHash, invitedAt: now, expiresAt, consentedAt: null, approveGifts: true, monthlyGemCap: null, version: 1 };
        if (current) {
          // Replace only what was read (a consent in between wins), and never a withdrawal still to be announced.
          const replaced = await model.replaceOne({ _id: current._id, status: current.status, version: current.version, outboxPending: { $ne: true } }, { ...doc, _id: current._id, version: current.version + 1, outbox: [], outboxPending: false, outboxLastId: null });
          if (replaced.modifiedCount === 1) return 'invited';
          // A withdrawal just announced stays in the outbox until the relay removes it (lib-mongo).
          await setTimeout(OUTBOX_CLEAR_DELAY_MS);
          continue;
        }
        try {
          await model.create({ ...doc, outbox: [], outboxPending: false, outboxLastId: null });
          return 'invited';
        } catch (err) {
          if (!isDuplicateKeyError(err)) throw err;
        }
      }
      throw new Error('family invitation kept changing under the write');
    },
    /** invited → consented by `parentEmail` (the token's link), announcing family.linked; null when it was not open. */
    async consent(linkId: string, parentEmail: string, now: Date): Promise<FamilyLinkRecord | null> {
      const current = await lean({ _id: linkId, parentEmail, status: 'invited', expiresAt: { $gt: now } });
      if (!current) return null;
      const version = current.version + 1;
      const doc = await outbox.findOneAndUpdate(
        { _id: linkId, status: 'invited', version: current.version },
        { $set: { status: 'consented', consentedAt: now, tokenHash: null, version } },
        [linkedEvent(current, version)],
      );
      return doc ? toRecord(doc) : null;
    },
    /** The parent's settings (family.linked again); null when not their consented child or changed meanwhile. */
    async changeSettings(link: FamilyLinkRecord, change: SettingsChange): Promise<FamilyLinkRecord | null> {
      const current = await lean({ _id: link.linkId, parentEmail: link.parentEmail, status: 'consented' });
      if (!current) return null;
      const set: Partial<FamilyLinkDoc> = {};
      if (change.approveGifts !== undefined) set.approveGifts = change.approveGifts;
      if (change.monthlyGemCap !== undefined) set.monthlyGemCap = change.monthlyGemCap;
      const version = current.version + 1;
      const doc = await outbox.findOneAndUpdate({ _id: current._id, status: 'consented', version: current.version }, { $set: { ...set, version } }, [linkedEvent(current, version, set)]);
      return doc ? toRecord(doc) : null;
    },
    /** consented → withdrawn (family.unlinked); false when it was not the parent's consented link. */
    async withdraw(link: FamilyLinkRecord): Promise<boolean> {
      const current = await lean({ _id: link.linkId, parentEmail: link.parentEmail, status: 'consented' });
      if (!current) return false;
      const version = current.version + 1;
      const { written } = await outbox.update({ _id: current._id, status: 'consented', version: current.version }, { $set: { status: 'withdrawn', version } }, [unlinkedEvent(current, version)]);
      return written;
    },
    /** The child's data is erased: their link goes (the services drop their copies on learner.erased). */
    async removeChild(childEmail: string): Promise<void> {
      await model.deleteMany({ childEmail });
    },
    /** Invitations nobody answered in time, and withdrawn links, hold emails no longer needed: removed. */
    async removeExpired(now: Date): Promise<number> {
      const { deletedCount } = await model.deleteMany({ $or: [{ status: 'invited', expiresAt: { $lte: now } }, { status: 'withdrawn', outboxPending: { $ne: true } }] });
      return deletedCount;
    },
    /** For the child's export. */
    async exportOf(childEmail: string): Promise<Record<string, unknown> | null> {
      const doc = await lean({ childEmail });
      if (!doc) return null;
      const { parentEmail, status, invitedAt, consentedAt, approveGifts, monthlyGemCap } = doc;
      return { parentEmail, status, invitedAt, consentedAt, approveGifts, monthlyGemCap };
    },
  };
}
