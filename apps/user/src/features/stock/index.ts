// The stock feature's public face: routes, layouts and other features import only from here.
export { globalStockQueryOptions, myStockQueryOptions } from './api/stock';
export { globalColumns, myColumns } from './components/stockColumns';
