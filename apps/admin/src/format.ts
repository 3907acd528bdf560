/** SPEC §2: '--' when a value is zero, empty or missing. */
export function dash(value: unknown): string {
  if (value === null || value === undefined) return '--';
  if (typeof value === 'number') return value === 0 || Number.isNaN(value) ? '--' : String(value);
  const s = String(value).trim();
  if (s === '' || Number(s) === 0) return '--';
  return s;
}

/** SPEC §9: admin dates as YYYY-MM-DD (local calendar day); '--' when missing or invalid. */
export function ymd(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '--';
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return `${d.getFullYear()}-${mm}-${dd}`;
}

/** SPEC §9: amounts and chart values to 2 decimals. */
export function fixed2(value: unknown): string {
  const n = Number(value);
  return Number.isFinite(n) ? n.toFixed(2) : '0.00';
}

/** Whole numbers with grouping, for token quantities and counts. */
export function grouped(value: unknown): string {
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString('en-IN') : '0';
}

/** Sl.No = (page-1)*limit + index + 1 (SPEC §9). */
export function serial(page: number, limit: number, index: number): number {
  return (page - 1) * limit + index + 1;
}
