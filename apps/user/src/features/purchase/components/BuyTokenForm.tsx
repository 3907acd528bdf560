import { ButtonLabel, rupees, toastErrors, tokens, useFocusFirstInvalid } from '@prelaunch/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useSaleSuspended } from '../../site';
import { useCreateOrder } from '../api/purchase';
import { round2, tokenQuantity, totalWithFee, wholeTokenAmount } from '../calc';
import { isAmountInput, isValidAmount, PURCHASE_MSG as MSG } from '../validation';
import { fieldErrors, type BuyerSaleStatus, type PriceLimits, type TokenPrice } from '@prelaunch/api';
import { closedReason, limitProblem, supplyProblem } from '../../../lib/sale';
import { LimitsNote } from './LimitsNote';
import { OrderRefusal } from './OrderRefusal';

export interface BuyTokenFormProps {
  name: string;
  symbol: string;
  icon?: string;
  unitPrice: number;
  /** Platform charge in percent. */
  fee: number;
  supply: number | string | null | undefined;
  /** The sale's status; BUY NOW waits while it is not open. */
  saleStatus?: BuyerSaleStatus;
  /** The order limits and what this buyer has ordered so far. */
  limits?: PriceLimits | null;
  /** The current round; an order may not take more than it has left. */
  round?: TokenPrice['round'] | null;
}

/** Buy Token: the token, its price and supply, the INR amount with live quantity, fee and total, BUY NOW. */
export function BuyTokenForm({ name, symbol, icon, unitPrice, fee, supply, saleStatus, limits, round }: BuyTokenFormProps) {
  const [amount, setAmount] = useState('');
  const order = useCreateOrder();
  // A double click submits twice before React re-renders with isPending: this flag is set at once.
  const sending = useRef(false);
  // Nothing can be bought while the company's sale is suspended.
  const suspended = useSaleSuspended();
  const refusedAmount = fieldErrors(order.error).amount;
  useFocusFirstInvalid(refusedAmount ? order.error : null);
  const valid = isValidAmount(amount);
  const quantity = valid ? tokenQuantity(amount, unitPrice) : 0;
  // An order charges for whole tokens only, so the total is that of what is bought.
  const charged = wholeTokenAmount(quantity, unitPrice);
  const leftover = valid ? round2(Number(amount) - charged) : 0;
  const total = valid ? totalWithFee(charged, fee) : 0;
  const belowOne = valid && unitPrice > 0 && quantity < 1;
  const closed = closedReason(saleStatus);
  // What the server would refuse, said while the amount is typed, in its order: the order limits,
  // then more than the round (or the private sale) has left.
  const overLimit = valid && quantity >= 1 ? (limitProblem(charged, limits) ?? supplyProblem(quantity, round, supply)) : null;
  const disabled = suspended || !valid || unitPrice <= 0 || belowOne || order.isPending || closed !== null || overLimit !== null;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (suspended) return;
    if (!symbol) return toastErrors([MSG.noToken]);
    if (!isValidAmount(amount)) return toastErrors([MSG.validAmount]);
    if (unitPrice <= 0 || quantity < 1 || order.isPending || sending.current || closed || overLimit) return;
    sending.current = true;
    // Only a refusal opens BUY NOW again: after success the page is on its way to the payment
    // page, and a click landing before it arrives (a slow machine seen sending the same intent
    // twice, answered once) must not send anything.
    order.mutate(charged, { onError: () => (sending.current = false) });
  }

  return (
    <section className="pl-panel p-4">
      <div className="d-flex align-items-center gap-3 mb-4">
        <img src={icon} alt="" width={56} height={56} className="rounded-circle" />
        <div className="min-w-0">
          <h2 className="h4 mb-0 text-truncate">{name}</h2>
          <span className="badge text-bg-dark">{symbol}</span>
        </div>
      </div>
      <div className="row g-3 mb-4">
        <div className="col-6">
          <div className="small text-body-secondary">Price per token</div>
          <div className="fs-5 fw-bold text-nowrap" data-testid="price">{unitPrice > 0 ? rupees(unitPrice) : 'Not set'}</div>
        </div>
        <div className="col-6">
          <div className="small text-body-secondary">Available supply</div>
          <div className="fs-5 fw-bold" data-testid="supply">
            {supply === null || supply === undefined ? 'N/A' : (
              // A long figure wraps before the symbol, never inside the number.
              <><span className="text-nowrap">{tokens(supply)}</span> {symbol}</>
            )}
          </div>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate aria-label="Buy token form">
        <label htmlFor="buy-amount" className="form-label fw-semibold">Amount (INR)</label>
        {/* The server's 422 naming the amount (a limit, too small for one token) is said beside it. */}
        <div className="input-group input-group-lg mb-1">
          <span className="input-group-text">₹</span>
          <input
            id="buy-amount"
            name="amount"
            className={`form-control ${(amount && !valid) || refusedAmount ? 'is-invalid' : ''}`}
            aria-invalid={(amount && !valid) || refusedAmount ? true : undefined}
            inputMode="decimal"
            autoComplete="off"
            placeholder="Enter amount in INR"
            value={amount}
            aria-describedby="buy-amount-help"
            onChange={(e) => {
              if (!isAmountInput(e.target.value)) return;
              setAmount(e.target.value);
              if (order.error) order.reset();
            }}
          />
        </div>
        <div id="buy-amount-help" className={`small mb-3 ${(amount && !valid) || refusedAmount ? 'text-danger' : 'text-body-secondary'}`}>
          {amount && !valid ? MSG.validAmount : (refusedAmount ?? 'Digits only, with an optional decimal point.')}
        </div>
        <LimitsNote limits={limits} round={round} symbol={symbol} />
        {overLimit ? (
          <p className="small mb-3 text-danger fw-semibold" role="alert" data-testid="limit-problem">
            {overLimit}
          </p>
        ) : null}
        {valid && unitPrice > 0 && !overLimit ? (
          <p className={`small mb-3 ${belowOne ? 'text-danger fw-semibold' : ''}`} data-testid="whole-tokens" aria-live="polite">
            {belowOne
              ? `${rupees(amount)} would not buy a whole ${symbol} token (one costs ${rupees(unitPrice)}). Enter at least ${rupees(unitPrice)}.`
              : `${rupees(charged)} buys ${tokens(quantity, symbol)}${leftover > 0 ? `; ${rupees(leftover)} would not buy a whole token` : ''}.`}
          </p>
        ) : null}
        <div className="bg-light rounded-3 p-3 mb-4" data-testid="order-summary">
          {unitPrice <= 0 ? (
            <p className="small mb-0" data-testid="buy-hint">This token has no price yet, so it cannot be bought. Please try again later.</p>
          ) : valid && !overLimit ? (
            <>
              <div className="pl-kv"><span>You will get</span><span className="text-nowrap" data-testid="quantity">{tokens(quantity, symbol)}</span></div>
              <div className="pl-kv"><span>Transaction fee</span><span data-testid="fee-percent">{fee}%</span></div>
              <div className="pl-kv"><span>Total incl. fee</span><span className="text-nowrap" data-testid="total">{rupees(total)}</span></div>
            </>
          ) : (
            // Honest states: with nothing (or nothing valid, or more than can be ordered)
            // typed there is no figure to promise yet.
            <>
              <p className="small mb-2" data-testid="buy-hint">
                {overLimit
                  ? 'Change the amount to see what you will get.'
                  : <>Enter an amount in rupees to see how many {symbol} tokens it buys (one costs <span className="text-nowrap">{rupees(unitPrice)}</span>).</>}
              </p>
              <div className="pl-kv"><span>Transaction fee</span><span data-testid="fee-percent">{fee}%</span></div>
            </>
          )}
        </div>
        <button type="submit" className="btn pl-btn-gradient btn-lg w-100 fw-semibold" disabled={disabled}>
          <ButtonLabel pending={order.isPending} idle="BUY NOW" busy="Processing..." />
        </button>
        {closed ? (
          <p className="small text-center fw-semibold mt-2 mb-0" role="status" data-testid="buy-closed">
            {closed}
          </p>
        ) : null}
        <OrderRefusal error={order.error} />
      </form>
    </section>
  );
}

/** Honest states: the buy panel's shape while the price loads, with placeholders instead of figures. */
export function BuyTokenFormSkeleton() {
  return (
    <section className="pl-panel p-4 placeholder-glow" role="status" aria-label="Loading token price..." data-testid="buy-skeleton">
      <div className="d-flex align-items-center gap-3 mb-4">
        <span className="placeholder rounded-circle" style={{ width: 56, height: 56 }} />
        <span className="placeholder col-4 rounded" style={{ height: '1.75rem' }} />
      </div>
      <div className="row g-3 mb-4">
        {['Price per token', 'Available supply'].map((label) => (
          <div className="col-6" key={label}>
            <div className="small text-body-secondary">{label}</div>
            <span className="placeholder col-8 rounded" style={{ height: '1.5rem' }} />
          </div>
        ))}
      </div>
      <span className="placeholder col-12 rounded mb-3" style={{ height: '3rem' }} />
      <span className="placeholder col-12 rounded mb-4" style={{ height: '5rem' }} />
      <span className="placeholder col-12 rounded" style={{ height: '3rem' }} />
    </section>
  );
}
