import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { RedemptionStatus } from '../domain/redemption';

/**
 * What is kept of an erased learner's redemption for the accounts: which gift, its cost, its dates and the
 * status it had, under the redemption's own (random, non-identifying) id. No email, address, name or phone,
 * and nothing that links two of them to one learner. Never served over HTTP.
 */
export interface ErasedRedemptionDoc {
  _id: Types.ObjectId;
  giftId: string;
  giftName: string;
  cost: number;
  status: RedemptionStatus;
  createdAt: Date;
  updatedAt?: Date;
  erasedAt: Date;
}

const schema = new Schema<ErasedRedemptionDoc>(
  {
    giftId: { type: String, required: true },
    giftName: { type: String, required: true },
    cost: { type: Number, required: true },
    status: { type: String, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date },
    erasedAt: { type: Date, required: true },
  },
  { collection: 'erasedRedemptions', versionKey: false },
);

export function erasedRedemptionModel(conn: Connection): Model<ErasedRedemptionDoc> {
  return (conn.models.ErasedRedemption as Model<ErasedRedemptionDoc> | undefined) ?? conn.model<ErasedRedemptionDoc>('ErasedRedemption', schema);
}
