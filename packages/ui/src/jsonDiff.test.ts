import { describe, expect, it } from 'vitest';
import { diffRecords, showValue } from './jsonDiff';

describe('diffRecords', () => {
  it('marks each field changed, added, removed or the same, in the order they first appear', () => {
    const rows = diffRecords(
      { status: 'PENDING', amount: '1000.00', note: 'x', same: 1 },
      { status: 'APPROVED', amount: '1000.00', same: 1, approvedBy: 'a@b.test' },
    );
    expect(rows).toEqual([
      { key: 'status', before: 'PENDING', after: 'APPROVED', change: 'changed' },
      { key: 'amount', before: '1000.00', after: '1000.00', change: 'same' },
      { key: 'note', before: 'x', after: undefined, change: 'removed' },
      { key: 'same', before: '1', after: '1', change: 'same' },
      { key: 'approvedBy', before: undefined, after: 'a@b.test', change: 'added' },
    ]);
  });

  it('flattens nested objects to dotted paths and compares arrays whole', () => {
    const rows = diffRecords(
      { limits: { maxPerBuyer: 10, minPerOrder: 1 }, domains: ['a.test'] },
      { limits: { maxPerBuyer: 20, minPerOrder: 1 }, domains: ['a.test', 'b.test'] },
    );
    expect(rows.map((r) => [r.key, r.change])).toEqual([
      ['limits.maxPerBuyer', 'changed'],
      ['limits.minPerOrder', 'same'],
      ['domains', 'changed'],
    ]);
    expect(rows[2].after).toBe('["a.test","b.test"]');
  });

  it('shows a creation as every field added and a deletion as every field removed', () => {
    expect(diffRecords(null, { name: 'Acme' })).toEqual([{ key: 'name', before: undefined, after: 'Acme', change: 'added' }]);
    expect(diffRecords({ name: 'Acme' }, undefined)).toEqual([{ key: 'name', before: 'Acme', after: undefined, change: 'removed' }]);
    expect(diffRecords(null, null)).toEqual([]);
  });

  it('tells null from a missing field and a number from its string', () => {
    const rows = diffRecords({ a: null, b: 5 }, { a: 'x', b: '5' });
    expect(rows).toEqual([
      { key: 'a', before: 'null', after: 'x', change: 'changed' },
      { key: 'b', before: '5', after: '5', change: 'changed' },
    ]);
  });

  it('keeps a value that is not an object as one row', () => {
    expect(diffRecords(true, false)).toEqual([{ key: '', before: 'true', after: 'false', change: 'changed' }]);
    expect(diffRecords({ empty: {} }, { empty: { x: 1 } }).map((r) => r.key)).toEqual(['empty', 'empty.x']);
  });

  it('shows strings as they are and the rest as JSON', () => {
    expect(showValue('a "b"')).toBe('a "b"');
    expect(showValue(false)).toBe('false');
    expect(showValue({ k: [1] })).toBe('{"k":[1]}');
  });
});
