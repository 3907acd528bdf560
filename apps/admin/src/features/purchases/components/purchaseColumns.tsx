import type { AdminPurchase, SuperAdminPurchase } from '@prelaunch/api';
import { dash, grouped, serial, StatusBadge, ymd, type ResponsiveColumn } from '@prelaunch/ui';
import { rupees } from '../../../lib/money';

type Purchase = AdminPurchase | SuperAdminPurchase;

/** DESIGN §16 "One order reference": the order number beside the UTR / transaction number. */
export function OrderRef({ purchase }: { purchase: Purchase }) {
  return (
    <span className="d-inline-flex flex-column">
      <span className="fw-semibold">{dash(purchase.orderNumber)}</span>
      {purchase.referenceNumber ? (
        <span className="small text-body-secondary">
          <span className="visually-hidden">UTR </span>
          {purchase.referenceNumber}
        </span>
      ) : null}
    </span>
  );
}

/** SPEC §2 Purchase Requests columns (without Action): Sl.No … Date, with the order number. */
export function purchaseColumns(page: number, limit: number): ResponsiveColumn<AdminPurchase>[] {
  return [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i), card: 'hidden' },
    { key: 'orderNumber', header: 'Order No.', className: 'text-nowrap', card: 'title', render: (r) => dash(r.orderNumber) },
    { key: 'userId', header: 'User ID', render: (r) => dash(r.user?.referralCode) },
    { key: 'name', header: 'name', cardLabel: 'Name', render: (r) => r.user?.name },
    { key: 'mobile', header: 'Mobile', render: (r) => r.user?.mobile },
    { key: 'paymentMethod', header: 'Method' },
    { key: 'price', header: 'Price', render: (r) => rupees(r.price), className: 'text-nowrap' },
    { key: 'totalQuantity', header: 'Quantity', render: (r) => grouped(r.totalQuantity) },
    { key: 'finalAmount', header: 'Final Amount', render: (r) => rupees(r.finalAmount), className: 'text-nowrap', card: 'amount' },
    { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} />, card: 'status' },
    { key: 'txn', header: 'Txn No.', render: (r) => dash(r.referenceNumber), className: 'text-nowrap' },
    { key: 'createdAt', header: 'Date', render: (r) => ymd(r.createdAt), className: 'text-nowrap' },
  ];
}

/** Purchase History adds Receipt. */
export function historyColumns(page: number, limit: number): ResponsiveColumn<AdminPurchase>[] {
  return [
    ...purchaseColumns(page, limit),
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

/** The super admin's read-only list across companies. */
export function companyPurchaseColumns(page: number, limit: number): ResponsiveColumn<SuperAdminPurchase>[] {
  return [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i), card: 'hidden' },
    { key: 'orderNumber', header: 'Order No.', className: 'text-nowrap', card: 'title', render: (r) => dash(r.orderNumber) },
    { key: 'company', header: 'Company', render: (r) => r.company?.name },
    { key: 'userId', header: 'User ID', render: (r) => dash(r.user?.referralCode) },
    { key: 'name', header: 'name', cardLabel: 'Name', render: (r) => r.user?.name },
    { key: 'mobile', header: 'Mobile', render: (r) => r.user?.mobile },
    { key: 'paymentMethod', header: 'Method' },
    { key: 'price', header: 'Price', render: (r) => rupees(r.price), className: 'text-nowrap' },
    { key: 'totalQuantity', header: 'Quantity', render: (r) => grouped(r.totalQuantity) },
    { key: 'finalAmount', header: 'Final Amount', render: (r) => rupees(r.finalAmount), className: 'text-nowrap', card: 'amount' },
    { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} />, card: 'status' },
    { key: 'txn', header: 'Txn No.', render: (r) => dash(r.referenceNumber), className: 'text-nowrap' },
    { key: 'createdAt', header: 'Date', render: (r) => ymd(r.createdAt), className: 'text-nowrap' },
  ];
}
