/**
 * The before/after of a recorded change as rows a person can read: one row per field, nested
 * objects flattened to dotted paths ("limits.maxPerBuyer"), arrays and other values shown as JSON.
 */

export type DiffChange = 'added' | 'removed' | 'changed' | 'same';

export interface DiffRow {
  /** The field's path, e.g. "status" or "limits.maxPerBuyer"; "" when the whole value is not an object. */
  key: string;
  /** The value before as text; undefined when the field was not there. */
  before?: string;
  after?: string;
  change: DiffChange;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as one line of text: strings as they are, everything else as JSON. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

/** Nested objects as dotted paths to their leaves; an empty object stays one leaf. */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>) {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
    return;
  }
  out.set(prefix, value);
}

function leaves(value: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value === null || value === undefined) return out;
  flatten(value, '', out);
  return out;
}

/**
 * The rows of a change, in the order the fields first appear (before's, then those only after
 * has). A record with neither side gives no rows.
 */
export function diffRecords(before: unknown, after: unknown): DiffRow[] {
  const b = leaves(before);
  const a = leaves(after);
  const keys = [...b.keys(), ...[...a.keys()].filter((k) => !b.has(k))];
  return keys.map((key) => {
    const inBefore = b.has(key);
    const inAfter = a.has(key);
    const before = inBefore ? showValue(b.get(key)) : undefined;
    const after = inAfter ? showValue(a.get(key)) : undefined;
    let change: DiffChange = 'same';
    if (!inBefore) change = 'added';
    else if (!inAfter) change = 'removed';
    else if (JSON.stringify(b.get(key)) !== JSON.stringify(a.get(key))) change = 'changed';
    return { key, before, after, change };
  });
}
