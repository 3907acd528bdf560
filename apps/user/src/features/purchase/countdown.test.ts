import { describe, expect, it } from 'vitest';
import { maskAadhaar } from '@prelaunch/ui';
import { countdownTone } from './components/PaymentPage';
import { formatCountdown, wholeTokenAmount } from './calc';

describe('Buyer rules', () => {
  it('the countdown turns amber under 3 minutes and red under 1', () => {
    expect(countdownTone(897)).toBe('ok');
    expect(countdownTone(180)).toBe('ok');
    expect(countdownTone(179)).toBe('warn');
    expect(countdownTone(60)).toBe('warn');
    expect(countdownTone(59)).toBe('danger');
    expect(formatCountdown(897)).toBe('14:57');
    expect(formatCountdown(0)).toBe('expired!');
  });

  it('an order charges whole tokens only', () => {
    expect(wholeTokenAmount(100, 10)).toBe(1000);
    expect(wholeTokenAmount(3, 0.1)).toBe(0.3);
    expect(wholeTokenAmount(0, 10)).toBe(0);
  });

  it('Aadhaar is masked to the last 4 digits', () => {
    expect(maskAadhaar('234123412346')).toBe('XXXX XXXX 2346');
    expect(maskAadhaar('1234')).toBe('1234');
    expect(maskAadhaar('')).toBe('');
  });
});
