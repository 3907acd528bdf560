import { describe, expect, it } from 'vitest';
import { dash, fixed2, formatInr, formatIst, mmss, num, rupees, serial, tokens, ymd } from './format';

describe("'--' formatting", () => {
  it('shows -- for zero, empty or missing values', () => {
    expect(dash(0)).toBe('--');
    expect(dash('0')).toBe('--');
    expect(dash('')).toBe('--');
    expect(dash('  ')).toBe('--');
    expect(dash(null)).toBe('--');
    expect(dash(undefined)).toBe('--');
    expect(dash(Number.NaN)).toBe('--');
  });
  it('keeps real values', () => {
    expect(dash(12)).toBe('12');
    expect(dash('ACW1234')).toBe('ACW1234');
  });
});

describe('YYYY-MM-DD dates', () => {
  it('formats ISO strings and dates on the local calendar day', () => {
    expect(ymd(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    const iso = new Date(2026, 10, 21, 12, 0).toISOString();
    expect(ymd(iso)).toBe('2026-11-21');
  });
  it('shows -- for a missing or invalid date', () => {
    expect(ymd(null)).toBe('--');
    expect(ymd('')).toBe('--');
    expect(ymd('not a date')).toBe('--');
  });
});

describe('numbers', () => {
  it('shows values to 2 decimals', () => {
    expect(fixed2(12.345)).toBe('12.35');
    expect(fixed2('7')).toBe('7.00');
    expect(fixed2(undefined)).toBe('0.00');
  });
  it('shows INR with 2 decimals and Indian grouping', () => {
    expect(formatInr(1020)).toBe('1,020.00');
    expect(formatInr('')).toBe('0.00');
    expect(num('x')).toBe(0);
  });
  it('shows every amount as ₹1,025.10 and token quantities grouped with their symbol', () => {
    expect(rupees(1025.1)).toBe('₹1,025.10');
    expect(rupees('5')).toBe('₹5.00');
    expect(rupees(null)).toBe('₹0.00');
    expect(tokens(1000, 'ACW')).toBe('1,000 ACW');
    expect(tokens('99', 'ACW')).toBe('99 ACW');
    expect(tokens(1000)).toBe('1,000');
    expect(tokens(undefined, 'ACW')).toBe('0 ACW');
  });
  it('numbers rows across pages', () => {
    expect(serial(1, 10, 0)).toBe(1);
    expect(serial(2, 10, 0)).toBe(11);
    expect(serial(3, 10, 4)).toBe(25);
    expect(serial(3, 25, 4)).toBe(55);
    expect(serial(0, 10, 0)).toBe(1);
  });
  it('formats a countdown as mm:ss', () => {
    expect(mmss(179)).toBe('02:59');
    expect(mmss(0)).toBe('00:00');
    expect(mmss(-3)).toBe('00:00');
  });
});

describe('IST times', () => {
  it('shows the moment in India Standard Time whatever the zone of the viewer', () => {
    // 08:47:05 UTC is 14:17:05 in India (UTC+05:30).
    expect(formatIst('2026-11-25T08:47:05Z')).toMatch(/^25\/11\/2026,? 02:17:05 pm IST$/i);
    // 20:00 UTC is already the next day in India.
    expect(formatIst('2026-11-25T20:00:00Z')).toMatch(/^26\/11\/2026,? 01:30:00 am IST$/i);
  });
  it('is empty for a missing or invalid moment', () => {
    expect(formatIst(null)).toBe('');
    expect(formatIst('nope')).toBe('');
  });
});
