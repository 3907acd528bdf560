import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api';

export const stockKeys = {
  global: (page: number, limit: number) => ['stock', 'global', page, limit] as const,
  mine: (page: number, limit: number) => ['stock', 'my', page, limit] as const,
};

/** Rows of the dashboard's 'Global Stock Details' table. */
export const globalStockQueryOptions = (page: number, limit: number, enabled: boolean) =>
  queryOptions({
    queryKey: stockKeys.global(page, limit),
    queryFn: async () => (await api.globalStockList(page, limit)).data,
    enabled,
    placeholderData: keepPreviousData,
  });

/** Rows of 'My Stock Details'. */
export const myStockQueryOptions = (page: number, limit: number, enabled: boolean) =>
  queryOptions({
    queryKey: stockKeys.mine(page, limit),
    queryFn: async () => (await api.myStockList(page, limit)).data,
    enabled,
    placeholderData: keepPreviousData,
  });

export const deliveryKeys = { mine: ['stock', 'delivery'] as const };

/** When and where the buyer's tokens arrive (GET /api/v1/user/stock/delivery/get). */
export const stockDeliveryQueryOptions = () =>
  queryOptions({
    queryKey: deliveryKeys.mine,
    queryFn: async () => (await api.stockDelivery()).data,
  });
