import type { FilterQuery, Model, UpdateQuery } from 'mongoose';
import { addPush } from './update-merge';

export interface ApplyOnceOptions {
  /**
   * Create the document when the filter matches none (the filter's equality fields seed it).
   * Needs a unique index on those fields: then a document that already holds the event id
   * makes the insert fail with a duplicate key, which counts as "already applied".
   */
  upsert?: boolean;
}

/**
 * Idempotent consumer step: applies `update` only if `eventId` is not yet in the document's
 * `processedEventIds`, and records it in the same single-document atomic update. A redelivered
 * event therefore changes nothing. Resolves true when this call applied the change.
 * The filter may carry its own guard (e.g. `{ balance: { $gte: cost } }`): false then also
 * means "guard not met", so callers that must tell the two apart read the document after.
 */
export async function applyOnce<T>(
  model: Model<T>,
  filter: FilterQuery<T>,
  eventId: string,
  update: UpdateQuery<T>,
  options: ApplyOnceOptions = {},
): Promise<boolean> {
  if (!model.schema.path('processedEventIds')) {
    throw new Error(`${model.modelName}: add ...outboxFields (processedEventIds) to the schema to use applyOnce`);
  }
  if ('processedEventIds' in filter) throw new Error('applyOnce: the filter must not use processedEventIds');
  const guarded = { ...filter, processedEventIds: { $ne: eventId } } as FilterQuery<T>;
  const change = addPush(update, 'processedEventIds', eventId) as UpdateQuery<T>;
  try {
    const result = await model.updateOne(guarded, change, { upsert: options.upsert ?? false }).exec();
    return result.modifiedCount + result.upsertedCount > 0;
  } catch (err) {
    // Upsert raced with (or found) the existing document that already holds the event id.
    if (options.upsert && (err as { code?: number }).code === 11000) return false;
    throw err;
  }
}
