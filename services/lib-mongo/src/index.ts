export { connectMongo, mongoReady } from './connect';
export { commandShape, DB_CENSUS_ENV } from './command-census';
export { LOCAL_DATABASE_OPTIONS } from './local-database';
export { outboxFields, reconcilerFields } from './outbox-fields';
export { createOutbox } from './outbox';
export { insertDocument, insertDocuments } from './insert-document';
export type { Outbox, OutboxOptions, OutboxUpdate, OutboxWriteOptions } from './outbox';
export type { OutboxPublisher } from './outbox-relay';
export { OUTBOX_CLEAR_DELAY_MS } from './outbox-relay';
export { applyOnce } from './apply-once';
export type { ApplyOnceOptions } from './apply-once';
export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}
export { groupCommit } from './group-commit';
export { readsOfOneTurn } from './reads-of-one-turn';
export { createReconciler } from './reconciler';
export type { Reconciler, ReconcilerOptions } from './reconciler';
export { createErasureLog, CREATED_NOTHING, erasedCallerGuard, eraseAgainAfterCopies, erasureKey, writeUnlessErased, ERASURE_GRACE_MS } from './erasures';
export type { ErasureLog, ErasureDoc } from './erasures';
