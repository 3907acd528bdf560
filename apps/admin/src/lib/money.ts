/** One look: the one money format of both apps lives in packages/ui. */
export { rupees } from '@prelaunch/ui';

/**
 * The exact sum of decimal amounts (numbers or numeric strings) with `places` decimals, as a
 * string: summed in integer units (BigInt), never as floats.
 */
export function sumFixed(values: readonly unknown[], places: number): string {
  const unit = 10n ** BigInt(places);
  let total = 0n;
  for (const v of values) {
    const s = String(v ?? '0').trim();
    const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(s);
    if (!m) continue;
    const whole = BigInt(m[2] || '0');
    const frac = BigInt(((m[3] ?? '') + '0'.repeat(places)).slice(0, places) || '0');
    const n = whole * unit + frac;
    total += m[1] ? -n : n;
  }
  const neg = total < 0n;
  const abs = neg ? -total : total;
  const whole = (abs / unit).toString();
  const frac = places ? '.' + (abs % unit).toString().padStart(places, '0') : '';
  return `${neg ? '-' : ''}${whole}${frac}`;
}
