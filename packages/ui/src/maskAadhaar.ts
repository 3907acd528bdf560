/**
 * An Aadhaar number as every screen shows it (docs/security.md, "Aadhaar"): all but the last 4
 * digits hidden, in groups of 4 (XXXX XXXX 1234). Spaces and dashes typed between the digits are
 * ignored; a number the server has already masked (it has an X, * or •) is shown as sent; 4 digits
 * or fewer are shown as they are, and nothing stays nothing.
 */
export function maskAadhaar(value: string | null | undefined): string {
  const text = String(value ?? '').trim();
  if (!text) return '';
  if (/[xX*•]/.test(text)) return text;
  const digits = text.replace(/[\s-]/g, '');
  if (digits.length <= 4) return digits;
  return `${'X'.repeat(digits.length - 4)}${digits.slice(-4)}`.replace(/(.{4})(?=.)/g, '$1 ');
}
