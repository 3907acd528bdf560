import { FALLBACK, httpStatus, isInFlight, type PurchaseRequest, type TransactionListQuery } from '@prelaunch/api';
import { reportError } from '@prelaunch/ui';
import type { BuyerTransaction } from '@prelaunch/api';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { IntentKeys } from '../../../lib/idempotency';
import { api } from '../../../api';
import { profileKeys } from '../../profile';

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

/** The order behind /user/payment?purchaseId=, for its countdown and status. */
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

/** An axios error (with or without an answer) as opposed to an envelope with status false. */
function isHttpLike(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'isAxiosError' in err;
}

/**
 * Nothing happens twice: order and proof requests carry an Idempotency-Key, one per
 * buyer intent, so a retry of the same intent returns the first answer instead of acting again.
 */
async function once<T>(send: () => Promise<{ data: T }>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await send()).data;
    } catch (err) {
      // The same intent is already on its way (a double click, a retry): its answer is this
      // request's answer too, and the server replays it once it is kept. Ask again shortly.
      if (!isInFlight(err) || attempt >= IN_FLIGHT_RETRIES) throw err;
      await new Promise((r) => setTimeout(r, IN_FLIGHT_WAIT_MS));
    }
  }
}

/** How often, and how far apart, an in-flight answer is asked for again (about 5 s in all). */
export const IN_FLIGHT_RETRIES = 10;
export const IN_FLIGHT_WAIT_MS = 500;

export const createOrder = (amount: number, key: string) => once(() => api.orderCreate(amount, key));

export const submitPurchase = (body: PurchaseRequest, key: string) => once(() => api.purchase(body, key));

/** POST /api/v1/user/package/order/cancel {id}, INITIATED → CANCELLED (409 otherwise). */
export const cancelOrder = async (id: string) => (await api.orderCancel(id)).data;

/** BUY NOW creates the order on the server, then goes to its payment page. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [keys] = useState(() => new IntentKeys());
  return useMutation({
    mutationFn: (amount: number) => createOrder(amount, keys.keyFor({ amount })),
    onSuccess: (o) => {
      queryClient.invalidateQueries({ queryKey: purchaseKeys.price });
      queryClient.invalidateQueries({ queryKey: purchaseKeys.transactions });
      navigate(`/user/payment?purchaseId=${encodeURIComponent(o.id)}&purchaseAmount=${encodeURIComponent(String(o.amount))}`);
    },
    onError: (err, amount) => {
      const status = httpStatus(err);
      // Still in flight after the retries: the first request answers; nothing failed, so say nothing.
      if (isInFlight(err)) return;
      keys.settle({ amount }, status !== undefined || !isHttpLike(err));
      reportError(err, FALLBACK.createPurchaseOrder);
      // A refusal (sale not open, round nearly sold, a limit) means the sale moved on; read it again.
      if (status === 409 || status === 422) queryClient.invalidateQueries({ queryKey: purchaseKeys.price });
    },
  });
}

/** What Buy Token shows after a proof or manual confirmation, passed as router state. */
export interface SubmittedOrder {
  orderNumber: string;
  method: string;
}

/**
 * Submits a payment (proof or manual confirmation). success goes to /user/buy-token;
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
  const [keys] = useState(() => new IntentKeys());
  return useMutation({
    mutationFn: (vars: V) => {
      const body = toRequest(vars);
      return submitPurchase(body, keys.keyFor(body));
    },
    onSuccess: (res, vars) => {
      onDone(vars);
      for (const queryKey of [purchaseKeys.transactions, purchaseKeys.orders, profileKeys.all, purchaseKeys.price]) {
        queryClient.invalidateQueries({ queryKey });
      }
      const submitted: SubmittedOrder = { orderNumber: res?.orderNumber ?? '', method: toRequest(vars).paymentMethod };
      navigate('/user/buy-token', { state: { submitted } });
    },
    onError: (err, vars) => {
      if (isInFlight(err)) return;
      keys.settle(toRequest(vars), httpStatus(err) !== undefined || !isHttpLike(err));
      if (httpStatus(err) === 410) onExpired();
      if (httpStatus(err) === 409) queryClient.invalidateQueries({ queryKey: purchaseKeys.orders });
      reportError(err, fallback);
    },
  });
}

/** Shown when a receipt download fails without a message of the server's. */
export const RECEIPT_FALLBACK = 'Failed to download the receipt';

export interface ReceiptDownload {
  download: (row: Pick<BuyerTransaction, 'id'>) => void;
  /** The purchase whose receipt is being fetched, if any. */
  pendingId: string | null;
}

/**
 * Download receipt: the PDF comes through the authenticated client as a Blob (a plain
 * link could not carry the token) and is saved under the server's file name; a failure is toasted.
 * One download at a time per purchase.
 */
export function useReceiptDownload(): ReceiptDownload {
  const mutation = useMutation({
    mutationFn: (id: string) => api.transactionReceipt(id),
    onError: (err) => reportError(err, RECEIPT_FALLBACK),
  });
  const pendingId = mutation.isPending ? (mutation.variables ?? null) : null;
  return {
    pendingId,
    download: (row) => {
      if (mutation.isPending) return;
      mutation.mutate(row.id);
    },
  };
}
