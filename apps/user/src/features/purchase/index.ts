// The purchase feature's public face: routes, layouts and other features import only from here.
export { priceQueryOptions, type SubmittedOrder, transactionsQueryOptions, useReceiptDownload } from './api/purchase';
export { BuyTokenForm, BuyTokenFormSkeleton } from './components/BuyTokenForm';
export { OpenOrders } from './components/OpenOrders';
export { PaymentPage } from './components/PaymentPage';
export { SaleOverview } from './components/SaleOverview';
export { SaleStatePanel } from './components/SaleStatePanel';
export { hasDecisionNote, ReceiptModal, transactionColumns } from './components/TransactionHistory';
export { RequestPanel } from './components/RequestPanel';
