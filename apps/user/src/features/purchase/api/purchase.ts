import { FALLBACK, httpStatus, type PurchaseRequest, type TransactionListQuery } from '@prelaunch/api';
import { reportError } from '@prelaunch/ui';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../api';
import { profileKeys } from '../../profile/api/profile';

export const purchaseKeys = {
  price: ['price'] as const,
  beneficiary: ['beneficiary'] as const,
  orders: ['order'] as const,
  order: (id: string) => ['order', id] as const,
  transactions: ['transactions'] as const,
  transactionList: (q: TransactionListQuery) => ['transactions', q] as const,
};

/** GET /api/v1/user/package/price/get: price, fee percent, supply. */
export const priceQueryOptions = () =>
  queryOptions({ queryKey: purchaseKeys.price, queryFn: async () => (await api.priceGet()).data });

/** The company's bank and UPI details for the payment page. */
export const beneficiaryQueryOptions = () =>
  queryOptions({ queryKey: purchaseKeys.beneficiary, queryFn: async () => (await api.beneficiaryGet()).data });

/** The order behind /user/payment?purchaseId= (DESIGN §6), for its countdown and status. */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: purchaseKeys.order(id),
    queryFn: async () => (await api.orderGet(id)).data,
    enabled: Boolean(id),
    retry: false,
  });

/** The buyer's payment history, one page. */
export const transactionsQueryOptions = (q: TransactionListQuery) =>
  queryOptions({
    queryKey: purchaseKeys.transactionList(q),
    queryFn: async () => (await api.transactionList(q)).data,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** DESIGN §9: BUY NOW creates the order on the server, then goes to its payment page. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (amount: number) => api.orderCreate(amount),
    onSuccess: (res) => {
      queryClient.invalidateQueries({ queryKey: purchaseKeys.price });
      queryClient.invalidateQueries({ queryKey: purchaseKeys.transactions });
      const o = res.data;
      navigate(`/user/payment?purchaseId=${encodeURIComponent(o.id)}&purchaseAmount=${encodeURIComponent(String(o.amount))}`);
    },
    onError: (err) => reportError(err, FALLBACK.createPurchaseOrder),
  });
}

/**
 * Submits a payment (proof or manual confirmation). SPEC §4: success goes to /user/buy-token;
 * the history, the order, the profile's balances and the supply are fetched again. A 410 means the
 * window has closed (`onExpired`); a 409 that the order changed, so it is read again.
 */
export function useSubmitPurchase<V>(
  toRequest: (vars: V) => PurchaseRequest,
  fallback: string,
  { onDone, onExpired }: { onDone: (vars: V) => void; onExpired: () => void },
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (vars: V) => api.purchase(toRequest(vars)),
    onSuccess: (_res, vars) => {
      onDone(vars);
      for (const queryKey of [purchaseKeys.transactions, purchaseKeys.orders, profileKeys.all, purchaseKeys.price]) {
        queryClient.invalidateQueries({ queryKey });
      }
      navigate('/user/buy-token');
    },
    onError: (err) => {
      if (httpStatus(err) === 410) onExpired();
      if (httpStatus(err) === 409) queryClient.invalidateQueries({ queryKey: purchaseKeys.orders });
      reportError(err, fallback);
    },
  });
}
