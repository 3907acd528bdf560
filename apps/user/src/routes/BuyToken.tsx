import { FALLBACK, httpStatus } from '@prelaunch/api';
import { num, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { BuyTokenForm, BuyTokenFormSkeleton, priceQueryOptions, RequestPanel, SaleStatePanel, type SubmittedOrder } from '../features/purchase';
import { useSite } from '../features/site';

/** Buy Token (/user/buy-token); the order is created on the server. */
export default function BuyToken() {
  const { token } = useSite();
  const price = useQuery(priceQueryOptions());
  useErrorToast(price.error, FALLBACK.tokenPrice);
  const submitted = (useLocation().state as { submitted?: SubmittedOrder } | null)?.submitted;

  // A suspended sale answers 423; there is nothing to retry, and BUY NOW stays off.
  if (price.isError && httpStatus(price.error) === 423) {
    return (
      <div>
        <h1 className="h3 pl-page-title">Buy Token</h1>
        <section className="pl-panel p-4">
          <p className="mb-3">Nothing can be bought while this sale is temporarily unavailable. Please come back later.</p>
          <button type="button" className="btn pl-btn-gradient btn-lg w-100 fw-semibold" disabled>
            BUY NOW
          </button>
        </section>
      </div>
    );
  }

  if (price.isError) {
    return (
      <div>
        <h1 className="h3 pl-page-title">Buy Token</h1>
        <div className="alert alert-danger d-flex flex-wrap align-items-center justify-content-between gap-2" role="alert">
          <span>The token price could not be loaded, so nothing can be bought right now.</span>
          <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => price.refetch()} disabled={price.isFetching}>
            {price.isFetching ? 'Retrying...' : 'Retry'}
          </button>
        </div>
      </div>
    );
  }

  const p = price.data;
  const symbol = p?.symbol || token.symbol;
  const name = p?.name || token.name;
  const icon = p?.icon_url || token.icon_url;
  if (!price.isLoading && !symbol) return <p className="pl-panel p-4">Please select a token to proceed.</p>;
  // A current round sold by requests takes no first-come order (the server refuses BUY NOW): its
  // request panel, with PAY NOW for an allocation, is the only way to buy in it. Once allocated, the
  // round's tokens are all reserved and no round is current: BUY NOW could not sell either.
  const byRequests = Boolean(p?.requestRound) && (p?.round?.mode === 'REQUESTS' || !p?.round);

  return (
    <div>
      <h1 className="h3 pl-page-title">Buy Token</h1>
      {submitted ? <SubmittedPanel submitted={submitted} /> : null}
      {p ? (
        <SaleStatePanel info={p} onOpened={() => void price.refetch()} allocated={p.requestRound?.status === 'ALLOCATED'} />
      ) : null}
      {p?.requestRound ? <RequestPanel round={p.requestRound} symbol={symbol} /> : null}
      {byRequests ? null : (
        <div className="row g-4">
          <div className="col-lg-7">
            {price.isLoading ? (
              <BuyTokenFormSkeleton />
            ) : (
              <BuyTokenForm
                name={name}
                symbol={symbol}
                icon={icon}
                unitPrice={num(p?.price)}
                fee={num(p?.platformChargePercent)}
                supply={p?.remainingPrivateSupply}
                saleStatus={p?.sale?.status}
                limits={p?.limits}
                round={p?.round}
              />
            )}
          </div>
          <div className="col-lg-5">
            <section className="pl-panel p-4 h-100">
              <h2 className="h6 fw-bold">Please note</h2>
              <ul className="small text-body-secondary mb-0 ps-3 d-grid gap-1" data-testid="buy-notes">
                <li>The price is fixed when you press BUY NOW: the total shown is exactly what you pay.</li>
                <li>
                  Your order is then kept for 15 minutes. Pay by bank transfer, UPI or manual confirmation and submit
                  your proof of payment; tokens are credited once the company approves it.
                </li>
                <li>Until you submit proof you can cancel the order on its payment page, and its tokens go back on sale.</li>
                <li>
                  If the company rejects a payment, Payment History shows why, and the refund once the company has sent
                  it back.
                </li>
              </ul>
            </section>
          </div>
        </div>
      )}
    </div>
  );
}

/** After proof or manual confirmation, the order number, what happens next and a link to history. */
function SubmittedPanel({ submitted }: { submitted: SubmittedOrder }) {
  return (
    <section className="alert alert-success mb-4" aria-labelledby="submitted-title" data-testid="submitted-panel">
      <h2 id="submitted-title" className="h5 fw-bold">
        Payment submitted{submitted.orderNumber ? <> for order <span data-testid="submitted-order">{submitted.orderNumber}</span></> : null}
      </h2>
      <p className="mb-2">
        What happens next: the company checks your {submitted.method === 'MANUAL' ? 'payment' : 'proof of payment'}. The order
        stays Pending until then; once it is approved the tokens appear under My Stock on the dashboard, and if it is
        rejected you will see that in Payment History. You do not need to pay again.
      </p>
      <Link to="/user/payment-history" className="btn btn-sm btn-outline-dark">Track it in your order history</Link>
    </section>
  );
}
