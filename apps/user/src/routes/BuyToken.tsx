import { FALLBACK } from '@prelaunch/api';
import { ButtonLabel, formatInr, num, PageLoader, toastErrors, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { priceQueryOptions, useCreateOrder } from '../features/purchase/api/purchase';
import { tokenQuantity, totalWithFee } from '../features/purchase/calc';
import { isAmountInput, isValidAmount, PURCHASE_MSG as MSG } from '../features/purchase/validation';
import { useSite } from '../features/site/hooks/useSite';

/** SPEC §2 "Buy Token (/user/buy-token)"; the order is created on the server (DESIGN §9). */
export default function BuyToken() {
  const { token } = useSite();
  const price = useQuery(priceQueryOptions());
  const [amount, setAmount] = useState('');
  useErrorToast(price.error, FALLBACK.tokenPrice);
  const order = useCreateOrder();

  if (price.isLoading) return <PageLoader label="Loading token price..." />;

  const p = price.data;
  const symbol = p?.symbol || token.symbol;
  const name = p?.name || token.name;
  const icon = p?.icon_url || token.icon_url;
  if (!symbol) return <p className="pl-panel p-4">Please select a token to proceed.</p>;

  const unitPrice = num(p?.price);
  const fee = num(p?.platformChargePercent);
  const supply = p?.remainingPrivateSupply;
  const valid = isValidAmount(amount);
  const quantity = valid ? tokenQuantity(amount, unitPrice) : 0;
  const total = valid ? totalWithFee(amount, fee) : 0;
  const disabled = !valid || unitPrice <= 0 || order.isPending;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!symbol) return toastErrors([MSG.noToken]);
    if (!isValidAmount(amount)) return toastErrors([MSG.validAmount]);
    if (unitPrice <= 0) return;
    order.mutate(Number(amount));
  }

  return (
    <div>
      <h1 className="h3 pl-page-title">Buy Token</h1>
      <div className="row g-4">
        <div className="col-lg-7">
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
                <div className="fs-5 fw-bold" data-testid="price">₹{formatInr(unitPrice)}</div>
              </div>
              <div className="col-6">
                <div className="small text-body-secondary">Available supply</div>
                <div className="fs-5 fw-bold" data-testid="supply">
                  {supply === null || supply === undefined ? 'N/A' : num(supply).toLocaleString('en-IN')}
                </div>
              </div>
            </div>
            <form onSubmit={onSubmit} noValidate aria-label="Buy token form">
              <label htmlFor="buy-amount" className="form-label fw-semibold">Amount (INR)</label>
              <div className="input-group input-group-lg mb-1">
                <span className="input-group-text">₹</span>
                <input
                  id="buy-amount"
                  name="amount"
                  className={`form-control ${amount && !valid ? 'is-invalid' : ''}`}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="Enter amount in INR"
                  value={amount}
                  aria-describedby="buy-amount-help"
                  onChange={(e) => {
                    if (isAmountInput(e.target.value)) setAmount(e.target.value);
                  }}
                />
              </div>
              <div id="buy-amount-help" className={`small mb-3 ${amount && !valid ? 'text-danger' : 'text-body-secondary'}`}>
                {amount && !valid ? MSG.validAmount : 'Digits only, with an optional decimal point.'}
              </div>
              <div className="bg-light rounded-3 p-3 mb-4">
                <div className="pl-kv"><span>You will get</span><span data-testid="quantity">{quantity} {symbol}</span></div>
                <div className="pl-kv"><span>Transaction fee</span><span data-testid="fee-percent">{fee}%</span></div>
                <div className="pl-kv"><span>Approx. total incl. fee</span><span data-testid="total">₹{formatInr(total)}</span></div>
              </div>
              <button type="submit" className="btn pl-btn-gradient btn-lg w-100 fw-semibold" disabled={disabled}>
                <ButtonLabel pending={order.isPending} idle="BUY NOW" busy="Processing..." />
              </button>
            </form>
          </section>
        </div>
        <div className="col-lg-5">
          <section className="pl-panel p-4 h-100">
            <h2 className="h6 fw-bold">Please note</h2>
            <p className="small text-body-secondary mb-2">
              Purchases depend on market availability. All transactions are final, and the final amount may vary
              slightly.
            </p>
            <p className="small text-body-secondary mb-0">
              After you press BUY NOW your order is reserved for 15 minutes. Pay by bank transfer, UPI or manual
              confirmation and submit your proof of payment; tokens are credited once the company approves it.
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}
