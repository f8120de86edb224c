import { outboxFields, reconcilerFields } from '@kidslearn/lib-mongo';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { EventEnvelope } from '@kidslearn/lib-events';
import { REDEMPTION_STATUSES, type Address, type ParentDecision, type Redemption, type RedemptionStatus } from '../domain/redemption';

export interface RedemptionDoc {
  _id: Types.ObjectId;
  email: string;
  giftId: string;
  giftName: string;
  giftImg: string;
  cost: number;
  /** Required when requested; removed once the parcel was delivered (or refused) longer ago than the retention period. */
  address?: Address;
  status: RedemptionStatus;
  deliveryStatus: boolean;
  balance?: number;
  rejectReason?: string;
  /** The client's Idempotency-Key, or `auto:<id>` when it sent none (unique per learner). */
  idempotencyKey: string;
  createdAt: Date;
  updatedAt?: Date;
  addressRemovedAt?: Date;
  /** Families: the parent's decision on a request that waited for them. */
  parentDecision?: ParentDecision;
  /** Families: the UTC month whose gem counter holds the cost (data-access/monthly-spend.ts). */
  spendMonth?: string;
  /** Families: the learner's parent approved gifts when it asked: once debited, the request waits for them. */
  parentApproves: boolean;
  outbox: EventEnvelope[];
  processedEventIds: string[];
}

const addressSchema = new Schema<Address>(
  {
    name: { type: String, required: true },
    phone: { type: String, required: true },
    address1: { type: String, required: true },
    address2: { type: String },
    city: { type: String, required: true },
    postalCode: { type: String, required: true },
    notes: { type: String },
  },
  { _id: false },
);

const redemptionSchema = new Schema<RedemptionDoc>(
  {
    email: { type: String, required: true },
    giftId: { type: String, required: true },
    giftName: { type: String, required: true },
    giftImg: { type: String, required: true },
    cost: { type: Number, required: true },
    address: { type: addressSchema, required: true },
    status: { type: String, required: true, enum: REDEMPTION_STATUSES },
    deliveryStatus: { type: Boolean, required: true, default: false },
    balance: { type: Number },
    rejectReason: { type: String },
    idempotencyKey: { type: String, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date },
    /** set when the retention job removed the address */
    addressRemovedAt: { type: Date },
    parentDecision: { type: String, enum: ['approved', 'declined'] },
    spendMonth: { type: String },
    parentApproves: { type: Boolean, required: true, default: false },
    ...outboxFields,
    ...reconcilerFields,
  },
  { collection: 'redemptions', versionKey: false },
);
// A retried request with the same key can never create a second redemption, even across instances.
redemptionSchema.index({ email: 1, idempotencyKey: 1 }, { unique: true });
redemptionSchema.index({ status: 1, createdAt: -1 });
// Serves the admin's pending list: oldest first with the id tie-break of its cursor.
redemptionSchema.index({ status: 1, createdAt: 1, _id: 1 });
redemptionSchema.index({ email: 1, createdAt: -1 });

export function redemptionModel(conn: Connection): Model<RedemptionDoc> {
  return conn.model<RedemptionDoc>('Redemption', redemptionSchema);
}

export function toRedemption(doc: RedemptionDoc): Redemption {
  return {
    id: doc._id.toString(),
    email: doc.email,
    giftId: doc.giftId,
    giftName: doc.giftName,
    giftImg: doc.giftImg,
    cost: doc.cost,
    ...(doc.address ? { address: doc.address } : {}),
    status: doc.status,
    deliveryStatus: doc.deliveryStatus === true,
    ...(typeof doc.balance === 'number' ? { balance: doc.balance } : {}),
    createdAt: doc.createdAt,
    ...(doc.updatedAt ? { updatedAt: doc.updatedAt } : {}),
    ...(doc.parentDecision ? { parentDecision: doc.parentDecision } : {}),
    ...(doc.spendMonth ? { spendMonth: doc.spendMonth } : {}),
  };
}
