export { connectMongo, mongoReady } from './connect';
export { outboxFields } from './outbox-fields';
export { createOutboxRelay } from './outbox-relay';
export type { OutboxRelay, OutboxRelayOptions, OutboxPublisher } from './outbox-relay';
export { applyOnce } from './apply-once';
export type { ApplyOnceOptions } from './apply-once';
export { withOutbox, addPush } from './update-merge';
export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}
export { holdWriterLease, WriterLeaseHeldError, LEASE_COLLECTION } from './writer-lease';
export type { WriterLease, WriterLeaseOptions } from './writer-lease';
export { createReconciler } from './reconciler';
export type { Reconciler, ReconcilerOptions } from './reconciler';
export { createErasureLog, erasedCallerGuard, erasureKey, writeUnlessErased, ERASURE_GRACE_MS } from './erasures';
export type { ErasureLog, ErasureDoc } from './erasures';
