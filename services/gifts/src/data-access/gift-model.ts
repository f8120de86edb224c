import { Schema, type Connection, type Model } from 'mongoose';

export interface GiftDoc {
  _id: string;
  name: string;
  img: string;
  cost?: number;
  /** Position in the static list, so the catalog keeps its order. */
  order: number;
}

const giftSchema = new Schema<GiftDoc>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    img: { type: String, required: true },
    cost: { type: Number },
    order: { type: Number, required: true },
  },
  { collection: 'gifts', versionKey: false },
);

export function giftModel(conn: Connection): Model<GiftDoc> {
  return conn.model<GiftDoc>('Gift', giftSchema);
}
