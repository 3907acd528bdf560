import { describe, expect, it } from 'vitest';
import { financialYear, financialYears } from './fy';

describe('financial years', () => {
  it('turns on 1 April in IST', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYear(new Date('2099-12-01T00:00:00Z'))).toBe('2099-00');
  });
  it('lists the current year first', () => {
    expect(financialYears(new Date('2027-05-01T00:00:00Z'))).toEqual(['2027-28', '2026-27', '2025-26']);
  });
});
