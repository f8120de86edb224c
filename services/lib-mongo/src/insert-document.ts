import type { Model } from 'mongoose';

/**
 * What `model.create(doc)` would store: the schema's defaults, casting and strict paths, its validators (a
 * ValidationError), an explicit null kept as null, the version key at 0. A schema with `timestamps` is refused:
 * this does not set them.
 */
async function storedForm<D>(model: Model<D>, doc: object): Promise<Record<string, unknown>> {
  const { schema } = model;
  if (schema.get('timestamps')) throw new Error(`insertDocument: ${model.modelName} has timestamps, which it does not set`);
  const withDefaults = model.applyDefaults({ ...doc }) as Record<string, unknown>;
  const stored = (await model.validate(withDefaults)) as Record<string, unknown>;
  // Model.validate's cast leaves nulls out; create stores them (a filter on `field: null` reads the same either way,
  // but the stored document should not depend on how it was written).
  for (const [path, value] of Object.entries(withDefaults)) if (value === null && schema.path(path)) stored[path] = null;
  const versionKey = schema.get('versionKey');
  if (typeof versionKey === 'string' && stored[versionKey] === undefined) stored[versionKey] = 0;
  return stored;
}

/**
 * Inserts `doc` as `model.create(doc)` would store it and resolves with the stored plain object.
 *
 * Why not `create`: it builds a mongoose document and runs `save`'s machinery, which cost about twice the CPU
 * of this per insert (the redemption schema: 2.0 against 1.1 ms on a slow day, about 0.4 ms saved on a
 * normal one). Every quiz submission and every redemption inserts once, on the path the learner waits for. The casting and the
 * validators are mongoose's own (`Model.applyDefaults`, `Model.validate`); only the document is skipped.
 */
export async function insertDocument<D>(model: Model<D>, doc: object): Promise<D> {
  const stored = await storedForm(model, doc);
  await model.collection.insertOne(stored);
  return stored as D;
}

/**
 * `insertMany(docs, { ordered })` in one command, each stored as `insertDocument` would. Every document is
 * validated before anything is written: one invalid document refuses them all (mongoose's insertMany would
 * write the others). A duplicate key is the driver's bulk write error (its `writeErrors` name each).
 */
export async function insertDocuments<D>(model: Model<D>, docs: readonly object[], { ordered = true }: { ordered?: boolean } = {}): Promise<void> {
  if (docs.length === 0) return;
  const stored = await Promise.all(docs.map((doc) => storedForm(model, doc)));
  await model.collection.insertMany(stored, { ordered });
}
