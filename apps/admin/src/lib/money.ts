/** DESIGN §16 "One look": the one money format of both apps lives in packages/ui. */
export { rupees } from '@prelaunch/ui';

/** DESIGN §16 "Privacy on screen": an Aadhaar number masked to its last 4 digits. */
export function maskAadhaar(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/\D/g, '');
  if (digits.length < 4) return value;
  // Already masked by the server (e.g. XXXX XXXX 1234): keep it as sent.
  if (/[xX*•]/.test(value)) return value;
  return `XXXX XXXX ${digits.slice(-4)}`;
}
