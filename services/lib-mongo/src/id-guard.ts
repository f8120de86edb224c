import sift from 'sift';
import { Types } from 'mongoose';

/** Operators whose meaning sift reproduces exactly for scalar operands. */
const OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists']);

type Scalar = string | number | boolean | null;

const isScalar = (value: unknown): value is Scalar =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** `field: scalar` or `field: { $op: scalar | scalar[] }` with known operators only. */
function isSimpleCondition(field: string, condition: unknown): boolean {
  // No operators at the top, no dotted paths (array traversal rules differ in detail).
  if (field.startsWith('$') || field.includes('.')) return false;
  if (isScalar(condition)) return true;
  if (!isPlainObject(condition)) return false;
  const entries = Object.entries(condition);
  return (
    entries.length > 0 &&
    entries.every(
      ([op, operand]) =>
        // `$size: n` (an array of exactly n elements) as sift reads it for a count; the outbox relay's guard.
        (op === '$size' && Number.isInteger(operand) && (operand as number) >= 0) ||
        (OPERATORS.has(op) && (isScalar(operand) || (Array.isArray(operand) && operand.every(isScalar)))),
    )
  );
}

export interface IdGuard {
  id: string | number | Types.ObjectId;
  /** Whether a document with that id meets the rest of the filter. */
  matches(doc: unknown): boolean;
}

/**
 * `{ _id: <id>, …simple conditions }` → the id and a matcher for the rest; undefined for any other
 * filter (no single id, no other condition, or a condition sift might not read as MongoDB does).
 */
export function splitIdGuard(filter: unknown): IdGuard | undefined {
  if (!isPlainObject(filter)) return undefined;
  const { _id: id, ...rest } = filter;
  const usableId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) || id instanceof Types.ObjectId;
  if (!usableId) return undefined;
  const conditions = Object.entries(rest);
  if (conditions.length === 0 || !conditions.every(([field, condition]) => isSimpleCondition(field, condition))) return undefined;
  const test = sift(rest);
  return { id, matches: (doc) => test(doc) };
}
