import { applyOnce } from '@kidslearn/lib-mongo';
import { Types, type Model } from 'mongoose';
import type { RecordOutcome } from '../domain/ports';
import type { RedemptionDoc } from './redemption-model';

/** requested → pending-delivery | rejected, recorded with the event id in the same write (applyOnce). */
export function redemptionOutcomes(model: Model<RedemptionDoc>): RecordOutcome {
  return async (eventId, redemptionId, outcome) => {
    // An id that is not ours (e.g. another environment on the same broker) has nothing to settle.
    if (!Types.ObjectId.isValid(redemptionId)) return;
    const set: Record<string, unknown> = { status: outcome.status, balance: outcome.balance };
    if (outcome.reason) set.rejectReason = outcome.reason;
    await applyOnce(model, { _id: new Types.ObjectId(redemptionId), status: 'requested' }, eventId, { $set: set });
  };
}
