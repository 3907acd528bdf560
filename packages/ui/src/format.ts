/** The display formatters of both apps: one place for how numbers and dates look. */

/** A number from a server or form value; NaN, null and '' become 0 (fee and price default to 0). */
export function num(value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** '--' when a value is zero, empty or missing. */
export function dash(value: unknown): string {
  if (value === null || value === undefined) return '--';
  if (typeof value === 'number') return value === 0 || Number.isNaN(value) ? '--' : String(value);
  const s = String(value).trim();
  if (s === '' || Number(s) === 0) return '--';
  return s;
}

/** Admin dates as YYYY-MM-DD (local calendar day); '--' when missing or invalid. */
export function ymd(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '--';
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return `${d.getFullYear()}-${mm}-${dd}`;
}

/** Amounts and chart values to 2 decimals. */
export function fixed2(value: unknown): string {
  const n = Number(value);
  return Number.isFinite(n) ? n.toFixed(2) : '0.00';
}

/** Whole numbers with grouping, for token quantities and counts. */
export function grouped(value: unknown): string {
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString('en-IN') : '0';
}

/** INR with 2 decimals and grouping, e.g. 1,020.00 */
export function formatInr(value: unknown): string {
  return num(value).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** One look: every amount on screen as ₹1,025.10 (rupee sign, grouping, 2 decimals). */
export function rupees(value: unknown): string {
  return `₹${formatInr(value)}`;
}

/** One look: a token quantity as 1,000 ACW (whole tokens, grouped; no symbol when none is known). */
export function tokens(value: unknown, symbol?: string | null): string {
  const n = num(value).toLocaleString('en-IN', { maximumFractionDigits: 8 });
  return symbol ? `${n} ${symbol}` : n;
}

/** Serial number = (page - 1) × limit + index + 1 (page is 1-based). */
export function serial(page: number, limit: number, index: number): number {
  return (Math.max(page, 1) - 1) * limit + index + 1;
}

/** Buyer dates in en-GB. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-GB');
}

/** Buyer times 12-hour. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: true });
}

export function formatDateTime(iso: string | null | undefined): string {
  const date = formatDate(iso);
  return date ? `${date} ${formatTime(iso)}` : '';
}

/** Seconds as mm:ss (never negative). */
export function mmss(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A countdown of whole seconds: "3d 04:05:06", or "04:05:06" under a day (never negative). */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86400);
  const hh = String(Math.floor((s % 86400) / 3600)).padStart(2, '0');
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${days > 0 ? `${days}d ` : ''}${hh}:${mm}:${ss}`;
}

const IST = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});

/**
 * A moment as India Standard Time, whatever the viewer's own zone: "25/11/2026, 02:17:05 pm IST".
 * The admins' records (activity, exports) are kept in IST, so the screens say it too.
 */
export function formatIst(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${IST.format(d)} IST`;
}
