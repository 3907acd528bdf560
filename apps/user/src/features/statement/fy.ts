/** Indian financial years (April to March, IST): "2026-27". */

/** The financial year of an instant, read in IST. */
export function financialYear(at: Date): string {
  // IST is UTC+05:30 with no daylight saving.
  const ist = new Date(at.getTime() + 330 * 60_000);
  const y = ist.getUTCFullYear();
  const start = ist.getUTCMonth() < 3 ? y - 1 : y;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The years a buyer may pick: the current one first, back to the first year of the platform (2025-26). */
export function financialYears(now: Date, first = 2025): string[] {
  const current = Number(financialYear(now).slice(0, 4));
  const out: string[] = [];
  for (let y = current; y >= first; y--) out.push(`${y}-${String((y + 1) % 100).padStart(2, '0')}`);
  return out;
}
