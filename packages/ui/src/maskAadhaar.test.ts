import { describe, expect, it } from 'vitest';
import { maskAadhaar } from './maskAadhaar';

describe('maskAadhaar', () => {
  it('hides all but the last 4 digits, in groups of 4', () => {
    expect(maskAadhaar('234123412346')).toBe('XXXX XXXX 2346');
    expect(maskAadhaar('2341 2341 2346')).toBe('XXXX XXXX 2346');
    expect(maskAadhaar('2341-2341-2346')).toBe('XXXX XXXX 2346');
  });

  it('keeps a number the server already masked as sent', () => {
    expect(maskAadhaar('XXXX XXXX 2346')).toBe('XXXX XXXX 2346');
    expect(maskAadhaar('xxxxxxxx2346')).toBe('xxxxxxxx2346');
    expect(maskAadhaar('**** **** 2346')).toBe('**** **** 2346');
  });

  it('shows 4 digits or fewer as they are, and nothing as nothing', () => {
    expect(maskAadhaar('1234')).toBe('1234');
    expect(maskAadhaar('12')).toBe('12');
    expect(maskAadhaar('')).toBe('');
    expect(maskAadhaar('   ')).toBe('');
    expect(maskAadhaar(null)).toBe('');
    expect(maskAadhaar(undefined)).toBe('');
  });
});
