import { randomBytes } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';

/**
 * The secret key of public standings row ids (domain/standing-id.ts): made once per deployment, by
 * whichever instance starts first (an insert with a fixed id decides between racing instances), and
 * kept in this service's own database, so it needs no operator setting and never leaves the service.
 */
interface RowKeyDoc {
  _id: string;
  key: Buffer;
}

const ROW_KEY_ID = 'standings-row-key';
const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

export async function loadRowKey(db: Connection): Promise<Buffer> {
  const model: Model<RowKeyDoc> = (db.models.RowKey as Model<RowKeyDoc> | undefined) ?? db.model<RowKeyDoc>('RowKey', new Schema<RowKeyDoc>({ _id: String, key: Buffer }, { versionKey: false }), 'settings');
  const read = async () => {
    const doc = await model.findById(ROW_KEY_ID).lean<RowKeyDoc>().exec();
    if (!doc) return null;
    const key = doc.key as unknown;
    return Buffer.isBuffer(key) ? key : Buffer.from((key as { buffer: Uint8Array }).buffer);
  };
  const existing = await read();
  if (existing) return existing;
  try {
    await model.create({ _id: ROW_KEY_ID, key: randomBytes(32) });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error; // another instance made it first
  }
  const made = await read();
  if (!made) throw new Error('the standings row key could not be stored');
  return made;
}
