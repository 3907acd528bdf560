/** The financial years an admin may filter by (April to March, IST): the current one first, back to 2025-26. */
export function financialYears(now: Date, first = 2025): string[] {
  const ist = new Date(now.getTime() + 330 * 60_000);
  const y = ist.getUTCFullYear();
  const current = ist.getUTCMonth() < 3 ? y - 1 : y;
  const out: string[] = [];
  for (let s = current; s >= first; s--) out.push(`${s}-${String((s + 1) % 100).padStart(2, '0')}`);
  return out;
}
