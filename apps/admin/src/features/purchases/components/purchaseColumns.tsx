import type { AdminPurchase, SuperAdminPurchase } from '@prelaunch/api';
import { dash, fixed2, grouped, serial, StatusBadge, ymd, type Column } from '@prelaunch/ui';

/** SPEC §2 Purchase Requests columns (without Action): Sl.No … Date. */
export function purchaseColumns(page: number, limit: number): Column<AdminPurchase>[] {
  return [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i) },
    { key: 'userId', header: 'User ID', render: (r) => dash(r.user?.referralCode) },
    { key: 'name', header: 'name', render: (r) => r.user?.name },
    { key: 'mobile', header: 'Mobile', render: (r) => r.user?.mobile },
    { key: 'paymentMethod', header: 'Method' },
    { key: 'price', header: 'Price', render: (r) => fixed2(r.price) },
    { key: 'totalQuantity', header: 'Quantity', render: (r) => grouped(r.totalQuantity) },
    { key: 'finalAmount', header: 'Final Amount', render: (r) => fixed2(r.finalAmount), className: 'text-nowrap' },
    { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} /> },
    { key: 'createdAt', header: 'Date', render: (r) => ymd(r.createdAt), className: 'text-nowrap' },
  ];
}

/** Purchase History adds Txn No. and Receipt. */
export function historyColumns(page: number, limit: number): Column<AdminPurchase>[] {
  return [
    ...purchaseColumns(page, limit),
    { key: 'txn', header: 'Txn No.', render: (r) => dash(r.referenceNumber) },
    {
      key: 'receipt',
      header: 'Receipt',
      render: (r) =>
        r.receipt?.url ? (
          <a href={r.receipt.url} target="_blank" rel="noreferrer">
            View
          </a>
        ) : (
          '--'
        ),
    },
  ];
}

/** The super admin's read-only list across companies. */
export function companyPurchaseColumns(page: number, limit: number): Column<SuperAdminPurchase>[] {
  return [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i) },
    { key: 'company', header: 'Company', render: (r) => r.company?.name },
    { key: 'orderNumber', header: 'Order No.', className: 'text-nowrap' },
    { key: 'userId', header: 'User ID', render: (r) => dash(r.user?.referralCode) },
    { key: 'name', header: 'name', render: (r) => r.user?.name },
    { key: 'mobile', header: 'Mobile', render: (r) => r.user?.mobile },
    { key: 'paymentMethod', header: 'Method' },
    { key: 'price', header: 'Price', render: (r) => fixed2(r.price) },
    { key: 'totalQuantity', header: 'Quantity', render: (r) => grouped(r.totalQuantity) },
    { key: 'finalAmount', header: 'Final Amount', render: (r) => fixed2(r.finalAmount) },
    { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} /> },
    { key: 'txn', header: 'Txn No.', render: (r) => dash(r.referenceNumber) },
    { key: 'createdAt', header: 'Date', render: (r) => ymd(r.createdAt), className: 'text-nowrap' },
  ];
}
