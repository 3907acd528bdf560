import { describe, expect, it } from 'vitest';
import { sumFixed } from './money';

describe('sumFixed', () => {
  it('adds amounts exactly in integer units', () => {
    expect(sumFixed(['0.10', 0.2, '1020.00'], 2)).toBe('1020.30');
    expect(sumFixed(['1000000000000000000001', '1'], 0)).toBe('1000000000000000000002');
    expect(sumFixed([], 2)).toBe('0.00');
  });
});
