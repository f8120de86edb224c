/**
 * The one place that knows the local database is FerretDB 1.24 (SQLite) rather than MongoDB.
 *
 * Services are written for MongoDB semantics only and run as many instances as they need: the local wrapper
 * (infra/local/ferretdb) makes every write command atomic per document across all clients, and its build
 * patches FerretDB so a filter that pins `_id` reads one document (infra/local/README.md). What is left for
 * the client is a connection option:
 *
 * - `retryWrites: false`: FerretDB 1.x is no replica set and refuses retryable writes. On MongoDB the kit's
 *   writes are single-document and idempotent where it matters (applyOnce, version guards, the outbox), so a
 *   driver retry is not needed for correctness.
 *
 * Known differences the code simply avoids (no workaround needed): FerretDB ignores `$pull` with a condition
 * (the outbox relay pulls exact elements with `$pullAll`, which both servers honour), has no partial or sparse
 * indexes, no transactions, no `$lookup`, no TTL indexes, no projection in findOneAndUpdate, drops an empty
 * array an upsert's `$setOnInsert` writes (the field is missing: read a missing list as empty), and hangs on an
 * `update` command of 100 or more statements (keep bulk writes under 100). Beyond `_id`, it pushes no filter
 * down to SQLite: a query on another field decodes the collection (a performance property, not a semantic one).
 */
export const LOCAL_DATABASE_OPTIONS = { retryWrites: false } as const;
