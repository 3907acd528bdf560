import type { BuyerTransaction } from '@prelaunch/api';
import { rupees } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { transactionsQueryOptions } from '../api/purchase';
import { displayAmount } from '../calc';

/** The payment page of an INITIATED order. */
export function continuePaymentHref(t: Pick<BuyerTransaction, 'id' | 'amount'>): string {
  return `/user/payment?purchaseId=${encodeURIComponent(t.id)}&purchaseAmount=${encodeURIComponent(String(t.amount))}`;
}

export function ContinuePaymentLink({ order, className = 'btn btn-sm btn-primary' }: { order: BuyerTransaction; className?: string }) {
  return (
    <Link to={continuePaymentHref(order)} className={className} aria-label={`Continue payment for order ${order.orderNumber}`}>
      Continue payment
    </Link>
  );
}

/** When the buyer has orders awaiting payment, say so with a Continue payment action for each (history, dashboard). */
export function OpenOrders() {
  const query = useQuery({ ...transactionsQueryOptions({ page: 1, limit: 5, status: 'INITIATED', search: '' }), placeholderData: undefined });
  const open = (query.data?.records ?? []).filter((t) => t.status === 'INITIATED');
  if (open.length === 0) return null;
  const more = (query.data?.total ?? open.length) - open.length;
  return (
    <section className="alert alert-warning mb-4" aria-labelledby="open-orders-title" data-testid="open-orders">
      <h2 id="open-orders-title" className="h6 fw-bold mb-2">
        {open.length === 1 ? 'You have an order awaiting payment' : `You have ${query.data?.total ?? open.length} orders awaiting payment`}
      </h2>
      <p className="small mb-2">Pay and submit proof before its time runs out, or cancel it from its payment page.</p>
      <ul className="list-unstyled mb-0 d-flex flex-column gap-2">
        {open.map((t) => (
          <li key={t.id} className="d-flex flex-wrap align-items-center justify-content-between gap-2">
            <span>
              <span className="fw-semibold">{t.orderNumber}</span> · <span className="text-nowrap">{rupees(displayAmount(t))}</span>
            </span>
            <ContinuePaymentLink order={t} />
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="small mb-0 mt-2">And {more} more: choose Initiated in Payment History.</p> : null}
    </section>
  );
}
