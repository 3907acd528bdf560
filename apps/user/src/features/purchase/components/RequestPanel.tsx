import { fieldErrors, type PriceRequestRound, type RoundRequestView } from '@prelaunch/api';
import { ButtonLabel, countdownText, formatIst, rupees, tokens, useNow } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { phaseAt, roundRequestQueryOptions, useSaveRequest } from '../api/requests';
import { useCreateOrder } from '../api/purchase';
import { isAmountInput, isValidAmount, PURCHASE_MSG as MSG } from '../validation';
import { OrderRefusal } from './OrderRefusal';

/**
 * A round sold by requests on Buy Token: during the window the buyer makes, changes or withdraws
 * their request (with a countdown to the close); after it, their allocation, the time to pay by and
 * PAY, which places the order for exactly the allocation.
 */
export function RequestPanel({ round, symbol }: { round: PriceRequestRound; symbol: string }) {
  const view = useQuery(roundRequestQueryOptions(round.id));
  const v = view.data;
  const known = v?.round.status ?? round.status;
  const now = useNow(known === 'OPEN' || known === 'SCHEDULED' || known === 'CLOSING');
  const ends = v?.round.requestEndsAt ?? round.requestEndsAt;
  const starts = v?.round.requestStartsAt ?? round.requestStartsAt;
  // The countdown reaching zero closes the form at once; the server's answer follows within seconds.
  const status = phaseAt({ status: known, requestStartsAt: starts, requestEndsAt: ends }, now);
  const left = ends ? Math.max(0, Math.floor((Date.parse(ends) - now) / 1000)) : 0;
  const toOpen = starts ? Math.max(0, Math.floor((Date.parse(starts) - now) / 1000)) : 0;
  const price = Number(round.price);

  return (
    <section className="pl-panel p-4 mb-4" aria-labelledby="request-title" data-testid="request-panel">
      <h2 id="request-title" className="h5 fw-bold mb-1">{round.name}: sold by requests</h2>
      <p className="small text-body-secondary mb-3">
        One price for everyone: {rupees(price)} per {symbol} token.
        {status === 'OPEN' || status === 'SCHEDULED'
          ? <> Requests close on {formatIst(ends)}; you then have {round.paymentHours} hours to pay for what you are allocated.</>
          : null}
      </p>
      {status === 'SCHEDULED' ? (
        <p className="fw-semibold" role="status" data-testid="request-opens">Requests open in <span className="text-nowrap">{countdownText(toOpen)}</span> ({formatIst(starts)}).</p>
      ) : null}
      {status === 'OPEN' ? (
        <>
          <p className="fw-semibold mb-3" role="timer" aria-live="off" data-testid="request-countdown">
            Requests close in <span className="text-nowrap">{countdownText(left)}</span>
          </p>
          <RequestForm roundId={round.id} price={price} symbol={symbol} current={v?.request ?? null} />
        </>
      ) : null}
      {status === 'CLOSING' ? (
        <p className="fw-semibold" role="status" data-testid="request-closing">
          Requests are closed. Allocating now; your result appears here in a moment.
        </p>
      ) : null}
      {status === 'ALLOCATED' && v ? <AllocationResult view={v} symbol={symbol} /> : null}
      <details className="small mt-3">
        <summary className="fw-semibold">How allocation works</summary>
        <p className="mt-2 mb-2" data-testid="request-how">
          Everyone asks during the window at the same price, so being first gains nothing. At the close, if
          fewer tokens are asked for than the round has, everyone gets what they asked. Otherwise each buyer
          gets their request up to a common level, the largest whole number of tokens at which all requests
          fit; smaller requests are met in full. The few tokens left over go one each to buyers still short,
          picked by a shuffle seeded with a secret number. Its fingerprint (SHA-256) is published below from
          the start and the number itself after the allocation, so anyone can check the result.
        </p>
        <p className="mb-0 text-break">
          Commitment (SHA-256 of the seed): <code data-testid="request-commitment">{v?.round.commitment ?? round.commitment}</code>
          {v?.round.seed ? <><br />Seed: <code data-testid="request-seed">{v.round.seed}</code></> : null}
        </p>
      </details>
    </section>
  );
}

function RequestForm({ roundId, price, symbol, current }: {
  roundId: string; price: number; symbol: string; current: { amount: number; quantity: number } | null;
}) {
  const [amount, setAmount] = useState('');
  const save = useSaveRequest(roundId);
  const refused = fieldErrors(save.error).amount;
  const valid = isValidAmount(amount);
  const qty = valid && price > 0 ? Math.floor(Number(amount) / price) : 0;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!valid || qty < 1 || save.isPending) return;
    save.mutate(Number(amount), { onSuccess: () => setAmount('') });
  }

  return (
    <>
      {current ? (
        <p className="mb-3" data-testid="request-current">
          Your request: <strong className="text-nowrap">{rupees(current.amount)}</strong> for{' '}
          <strong className="text-nowrap">{tokens(current.quantity, symbol)}</strong>.
        </p>
      ) : (
        <p className="mb-3" data-testid="request-none">You have not made a request yet.</p>
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Request form">
        <label htmlFor="request-amount" className="form-label fw-semibold">{current ? 'Change your request (INR)' : 'Your request (INR)'}</label>
        <div className="input-group input-group-lg mb-1">
          <span className="input-group-text">₹</span>
          <input id="request-amount" name="amount" className={`form-control ${(amount && !valid) || refused ? 'is-invalid' : ''}`}
            inputMode="decimal" autoComplete="off" placeholder="Enter amount in INR" value={amount}
            aria-describedby="request-amount-help" aria-invalid={(amount && !valid) || refused ? true : undefined}
            onChange={(e) => {
              if (!isAmountInput(e.target.value)) return;
              setAmount(e.target.value);
              if (save.error) save.reset();
            }} />
        </div>
        <div id="request-amount-help" className={`small mb-3 ${(amount && !valid) || refused ? 'text-danger' : 'text-body-secondary'}`}>
          {amount && !valid ? MSG.validAmount : (refused ?? (qty >= 1 ? `Asks for ${tokens(qty, symbol)}.` : 'Whole tokens only.'))}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <button type="submit" className="btn pl-btn-gradient btn-lg fw-semibold flex-grow-1" disabled={!valid || qty < 1 || save.isPending}>
            <ButtonLabel pending={save.isPending} idle={current ? 'CHANGE REQUEST' : 'REQUEST'} busy="Saving..." />
          </button>
          {current ? (
            <button type="button" className="btn btn-outline-danger btn-lg" disabled={save.isPending}
              onClick={() => save.mutate(0)}>Withdraw</button>
          ) : null}
        </div>
        <OrderRefusal error={refused ? null : save.error} />
      </form>
    </>
  );
}

function AllocationResult({ view, symbol }: { view: RoundRequestView; symbol: string }) {
  const order = useCreateOrder();
  const a = view.allocation;
  if (!view.request && !a) {
    return <p className="mb-0" data-testid="allocation-none">This round has been allocated among the buyers who made a request.</p>;
  }
  if (!a) {
    return (
      <p className="mb-0" data-testid="allocation-none">
        More was asked for than the round has, and no tokens could be allocated to you this time.
      </p>
    );
  }
  return (
    <div data-testid="allocation-result">
      <div className="bg-light rounded-3 p-3 mb-3">
        <div className="pl-kv"><span>You asked for</span><span className="text-nowrap">{view.request ? tokens(view.request.quantity, symbol) : '—'}</span></div>
        <div className="pl-kv"><span>You were allocated</span><span className="text-nowrap fw-bold" data-testid="allocation-quantity">{tokens(a.quantity, symbol)}</span></div>
        <div className="pl-kv"><span>Amount to order (the fee is added)</span><span className="text-nowrap" data-testid="allocation-amount">{rupees(a.amount)}</span></div>
        {/* The date wraps at its spaces: at 360 px it is wider than the half of the row it has. */}
        <div className="pl-kv"><span className="text-nowrap">Pay by</span><span className="text-break" data-testid="allocation-payby">{formatIst(a.payBy)}</span></div>
      </div>
      {a.status === 'ALLOCATED' ? (
        <button type="button" className="btn pl-btn-gradient btn-lg w-100 fw-semibold" disabled={order.isPending}
          onClick={() => order.mutate(Number(a.amount))}>
          <ButtonLabel pending={order.isPending} idle="PAY NOW" busy="Processing..." />
        </button>
      ) : (
        <p className="mb-0 fw-semibold" role="status" data-testid="allocation-status">
          {a.status === 'ORDERED' ? 'You have ordered this allocation: see Payment History.' : 'The time to pay for this allocation is over.'}
        </p>
      )}
      <OrderRefusal error={order.error} />
    </div>
  );
}
