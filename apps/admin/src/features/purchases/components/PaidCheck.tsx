import type { AdminPurchase, SuperAdminPurchase } from '@prelaunch/api';
import { rupees } from '../../../lib/money';

type Purchase = Pick<AdminPurchase | SuperAdminPurchase, 'finalAmount' | 'paidAmount'>;

/** An INR amount of the wire (2 decimals at most) in whole paise, so amounts compare as integers. */
const paise = (v: number | string) => Math.round(Number(v) * 100);

/**
 * What the buyer says they paid against the amount due (fee included), in paise: positive when
 * they say they paid more, negative when less, 0 when the two agree; null when they named no
 * amount (a manual confirmation, or a proof sent before the amount was kept).
 */
export function paidDifference(p: Purchase): number | null {
  if (p.paidAmount === null || p.paidAmount === undefined) return null;
  return paise(p.paidAmount) - paise(p.finalAmount);
}

/** "₹9.00 short" / "₹10.00 more than due" for a non-zero difference in paise. */
export function differenceText(diff: number): string {
  const amount = rupees(Math.abs(diff) / 100);
  return diff < 0 ? `${amount} short` : `${amount} more than due`;
}

/** The buyer's stated amount, with the difference from the amount due in red when they differ. */
export function PaidAmount({ purchase }: { purchase: Purchase }) {
  const diff = paidDifference(purchase);
  if (diff === null) return <span className="text-body-secondary">Not stated</span>;
  return (
    <span className="d-inline-flex flex-column">
      <span>{rupees(purchase.paidAmount)}</span>
      {diff !== 0 ? (
        <span className="small text-danger fw-semibold" data-testid="paid-difference">
          {differenceText(diff)}
        </span>
      ) : null}
    </span>
  );
}

/** The lists' amount cell: the amount due, and under it what the buyer says they paid. */
export function DueAndPaid({ purchase }: { purchase: Purchase }) {
  const diff = paidDifference(purchase);
  return (
    <span className="d-inline-flex flex-column">
      <span>{rupees(purchase.finalAmount)}</span>
      {diff === null ? null : (
        <span className={`small ${diff === 0 ? 'text-body-secondary' : 'text-danger fw-semibold'}`} data-testid="list-paid">
          Paid {rupees(purchase.paidAmount)}
          {/* The difference on a line of its own, so the column stays narrow. */}
          {diff !== 0 ? <> <span className="d-block">({differenceText(diff)})</span></> : null}
        </span>
      )}
    </span>
  );
}
