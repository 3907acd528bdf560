// The purchases feature's public face: routes, layouts and other features import only from here.
export { companyPurchasesQueryOptions, purchasesQueryOptions, useApprovePurchase, useBulkPurchases, useRefundPurchase, useRejectPurchase } from './api/purchases';
export { oneLine, PurchaseReviewDialog, REASON_MAX } from './components/ApproveDialog';
export { RefundDialog } from './components/RefundDialog';
export { companyPurchaseColumns, historyColumns, purchaseColumns } from './components/purchaseColumns';
