import type { AdminPurchase, SuperAdminPurchase } from '@prelaunch/api';
import { dash, grouped, serial, StatusBadge, ymd, type ResponsiveColumn } from '@prelaunch/ui';
import { rupees } from '../../../lib/money';
import { DueAndPaid } from './PaidCheck';

type Purchase = AdminPurchase | SuperAdminPurchase;

/** One order reference: the order number beside the UTR / transaction number. */
export function OrderRef({ purchase }: { purchase: Purchase }) {
  return (
    <span className="d-inline-flex flex-column">
      <span className="fw-semibold text-nowrap">{dash(purchase.orderNumber)}</span>
      {purchase.referenceNumber ? (
        <span className="small text-body-secondary">
          <span className="visually-hidden">UTR </span>
          {purchase.referenceNumber}
        </span>
      ) : null}
    </span>
  );
}

/** The buyer's name (the wire's 'name'), member id (User ID) and mobile, one per line to keep the table narrow. */
function Buyer({ purchase }: { purchase: Purchase }) {
  return (
    <span className="d-inline-flex flex-column">
      <span>{purchase.user?.name}</span>
      <span className="small text-body-secondary">
        <span className="visually-hidden">User ID </span>
        {dash(purchase.user?.referralCode)}
      </span>
      <span className="small text-body-secondary">
        <span className="visually-hidden">Mobile </span>
        {purchase.user?.mobile}
      </span>
    </span>
  );
}

/** Quantity with the price per token under it. */
function Quantity({ purchase }: { purchase: Purchase }) {
  return (
    <span className="d-inline-flex flex-column">
      <span>{grouped(purchase.totalQuantity)}</span>
      <span className="small text-body-secondary">@ {rupees(purchase.price)}</span>
    </span>
  );
}

/**
 * Purchase Requests columns (without Action): Sl.No … Date, with the order number; the
 * requests show the UTR under it, the history has its own Txn No. column.
 */
export function purchaseColumns(page: number, limit: number, withUtr = true): ResponsiveColumn<AdminPurchase>[] {
  return [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i), card: 'hidden' },
    withUtr
      ? { key: 'orderNumber', header: 'Order / Txn No.', cardLabel: 'Order', className: 'text-nowrap', card: 'title', render: (r) => <OrderRef purchase={r} /> }
      : { key: 'orderNumber', header: 'Order No.', className: 'text-nowrap', card: 'title', render: (r) => dash(r.orderNumber) },
    { key: 'buyer', header: 'Buyer', render: (r) => <Buyer purchase={r} />, className: 'pl-wrap' },
    { key: 'paymentMethod', header: 'Method' },
    { key: 'quantity', header: 'Quantity', render: (r) => <Quantity purchase={r} /> },
    { key: 'finalAmount', header: 'Due / Paid', render: (r) => <DueAndPaid purchase={r} />, className: 'text-nowrap', card: 'amount' },
    { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} />, card: 'status' },
    { key: 'createdAt', header: 'Date', render: (r) => ymd(r.createdAt), className: 'text-nowrap' },
  ];
}

const reasonOf = (p: Purchase) => (p.status === 'REJECTED' || p.status === 'REFUNDED' ? p.rejectReason : null);
const refundOf = (p: Purchase) => (p.status === 'REFUNDED' ? p.refundReference : null);

/** Whether a purchase has a rejection reason or a refund reference to show. */
export const hasDecisionNote = (p: Purchase) => Boolean(reasonOf(p) || refundOf(p));

/** The rejection's reason and the refund's reference. */
export function DecisionNote({ purchase }: { purchase: Purchase }) {
  const reason = reasonOf(purchase);
  const refund = refundOf(purchase);
  if (!reason && !refund) return null;
  return (
    <span className="d-inline-flex flex-column small pl-decision-note">
      {reason ? <span data-testid="purchase-reason">Reason: {reason}</span> : null}
      {refund ? (
        <span data-testid="purchase-refund">
          Refund: <span className="font-monospace">{refund}</span>
        </span>
      ) : null}
    </span>
  );
}

/**
 * Status with the rejection's reason and the refund's reference under the badge, rather than a
 * column of their own, so the history and the super admin's list keep every column in view at 1280 px.
 */
function statusWithNoteColumn<T extends Purchase>(): ResponsiveColumn<T> {
  return {
    key: 'status',
    header: 'Status',
    card: 'status',
    className: 'pl-col-status',
    render: (r) => (
      <span className="d-inline-flex flex-column align-items-start gap-1">
        <StatusBadge status={r.status} />
        {hasDecisionNote(r) ? <DecisionNote purchase={r} /> : null}
      </span>
    ),
  };
}

/**
 * Purchase History adds Receipt; each decision's reason and refund are under its status and the
 * Txn No. under the order number (as on the requests), so every column is in view at 1280 px.
 */
export function historyColumns(page: number, limit: number): ResponsiveColumn<AdminPurchase>[] {
  return [
    ...purchaseColumns(page, limit).map((c) => (c.key === 'status' ? statusWithNoteColumn<AdminPurchase>() : c)),
    {
      key: 'receipt',
      header: 'Receipt',
      render: (r) =>
        r.receipt?.url ? (
          <a href={r.receipt.url} target="_blank" rel="noreferrer" aria-label={`View receipt of ${r.orderNumber}`}>
            View
          </a>
        ) : (
          '--'
        ),
    },
  ];
}

/** The super admin's read-only list across companies: stacked cells so it fits at 1280 px. */
export function companyPurchaseColumns(page: number, limit: number): ResponsiveColumn<SuperAdminPurchase>[] {
  return [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i), card: 'hidden' },
    { key: 'orderNumber', header: 'Order / Txn No.', cardLabel: 'Order', className: 'text-nowrap', card: 'title', render: (r) => <OrderRef purchase={r} /> },
    { key: 'company', header: 'Company', render: (r) => r.company?.name, className: 'pl-wrap' },
    { key: 'buyer', header: 'Buyer', render: (r) => <Buyer purchase={r} />, className: 'pl-wrap' },
    { key: 'paymentMethod', header: 'Method' },
    { key: 'quantity', header: 'Quantity', render: (r) => <Quantity purchase={r} /> },
    { key: 'finalAmount', header: 'Due / Paid', render: (r) => <DueAndPaid purchase={r} />, className: 'text-nowrap', card: 'amount' },
    statusWithNoteColumn<SuperAdminPurchase>(),
    { key: 'createdAt', header: 'Date', render: (r) => ymd(r.createdAt), className: 'text-nowrap' },
  ];
}
