// The stock feature's public face: routes, layouts and other features import only from here.
export { globalStockQueryOptions, myStockQueryOptions, stockDeliveryQueryOptions } from './api/stock';
export { globalColumns, myColumns, formatTimeLeft, STOCK_STATUS_TEXT } from './components/stockColumns';
export { DeliveryCard } from './components/DeliveryCard';
