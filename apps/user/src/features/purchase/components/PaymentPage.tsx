import { errorMessage, FALLBACK, fieldErrors, httpStatus, type BankDetail, type PaymentMethod, type PurchaseOrder } from '@prelaunch/api';
import { ButtonLabel, copyText, num, PageLoader, rupees, reportError, StatusBadge, toastErrors, toastSuccess, tokens, useErrorToast, useNow } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import gpay from '../../../assets/upi-gpay.svg';
import paytm from '../../../assets/upi-paytm.svg';
import phonepe from '../../../assets/upi-phonepe.svg';
import { Icon } from '../../../components/Icon';
import { useSaleSuspended, useSite } from '../../site';
import { beneficiaryQueryOptions, cancelOrder, orderQueryOptions, purchaseKeys, useSubmitPurchase } from '../api/purchase';
import {
  availableTabs,
  defaultTab,
  formatCountdown,
  platformFee,
  round2,
  secondsLeft,
  upiLink,
  upiPayee,
  type PaymentTab,
} from '../calc';
import { PURCHASE_MSG as MSG } from '../validation';
import { ProofModal, type ProofSubmit } from './ProofModal';

const TAB_LABEL: Record<PaymentTab, string> = { BANK: 'Banking', UPI: 'UPI', MANUAL: 'Manual' };
const CANCELLED = 'Payment process cancelled.';
/** The UPI and bank buttons only open the proof form: they say so, rather than PAY or Make Payment. */
const PAID_ADD_PROOF = 'I have paid — add proof';

/** Amber under 3 minutes, red under 1. */
export function countdownTone(seconds: number): 'ok' | 'warn' | 'danger' {
  if (seconds < 60) return 'danger';
  if (seconds < 180) return 'warn';
  return 'ok';
}

/** One bank detail: its label, the value on one line, and a copy button. */
function CopyRow({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return <div className="pl-kv"><span>{label}</span><span>N/A</span></div>;
  return (
    <div className="pl-copy-row">
      <span className="pl-copy-label">{label}</span>
      <span className="pl-copy-value">{value}</span>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary pl-copy-btn"
        aria-label={`Copy ${label}`}
        onClick={async () => {
          await copyText(value);
          toastSuccess(`${label} copied to clipboard!`);
        }}
      >
        <Icon name="copy" size={16} />
      </button>
    </div>
  );
}

function Agreement({ id, checked, onChange }: { id: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="form-check my-3">
      <input id={id} type="checkbox" className="form-check-input" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id} className="form-check-label small">
        I agree to the{' '}
        <Link to="/privacy-policy" target="_blank" rel="noopener">
          privacy &amp; policy
        </Link>{' '}
        and confirm the payment details are correct.
      </label>
    </div>
  );
}

/** Payment (/user/payment) for one order: countdown, payment tabs, order details, proof. */
export function PaymentPage({ purchaseId, purchaseAmount }: { purchaseId: string; purchaseAmount: string }) {
  const navigate = useNavigate();
  const site = useSite();
  const { symbol } = site.token;
  const order = useQuery(orderQueryOptions(purchaseId));
  const beneficiary = useQuery(beneficiaryQueryOptions());
  useErrorToast(beneficiary.error, FALLBACK.paymentDetails);
  useErrorToast(order.error, 'Order details not found.');

  const [expiredByServer, setExpiredByServer] = useState(false);
  // Set once a payment is submitted: the page is on its way to Buy Token and must not
  // flash "no longer awaiting payment" while the refreshed order arrives.
  const [submitted, setSubmitted] = useState(false);
  // The clock runs only while the order awaits payment: it stops once proof is in.
  const now = useNow(order.data?.status === 'INITIATED' && !expiredByServer);
  const left = secondsLeft(order.data?.expiresAt, now);
  const expired = expiredByServer || order.data?.status === 'EXPIRED' || (Boolean(order.data) && left <= 0);
  const payable = Boolean(order.data) && order.data!.status === 'INITIATED' && !expired;

  const b = beneficiary.data;
  const banks: BankDetail[] = useMemo(() => {
    if (!b) return [];
    if (b.banks?.length) return b.banks;
    if (b.bankName && b.accountNumber) {
      return [{ id: 'default', bankName: b.bankName, accountNumber: b.accountNumber, holderName: b.holderName, ifscCode: b.ifscCode, branch: b.branch }];
    }
    return [];
  }, [b]);
  const upi = b?.upi ?? '';
  const tabs = availableTabs(banks.length > 0, Boolean(upi));
  const [tab, setTab] = useState<PaymentTab | null>(null);
  const activeTab = tab && tabs.includes(tab) ? tab : defaultTab(banks.length > 0, Boolean(upi));
  const [bankId, setBankId] = useState<string | null>(null);
  const bank = banks.find((x) => x.id === bankId) ?? banks[0];
  const [agreed, setAgreed] = useState(false);
  const [proofFor, setProofFor] = useState<PaymentMethod | null>(null);

  const o = order.data;
  const orderAmount = o ? num(o.amount) : num(purchaseAmount);
  const percent = num(o?.platformChargePercent);
  const fee = o ? num(o.fee) : platformFee(orderAmount, percent);
  const total = o ? num(o.finalAmount) : round2(orderAmount + fee);

  const queryClient = useQueryClient();
  const [askCancel, setAskCancel] = useState(false);
  const cancelMutation = useMutation({
    mutationFn: () => cancelOrder(purchaseId),
    onSuccess: () => {
      for (const queryKey of [purchaseKeys.orders, purchaseKeys.transactions, purchaseKeys.price]) {
        queryClient.invalidateQueries({ queryKey });
      }
      setAskCancel(false);
      toastSuccess(`${CANCELLED} Order ${order.data?.orderNumber ?? ''} is cancelled.`);
      navigate('/user/buy-token');
    },
    onError: (err) => {
      queryClient.invalidateQueries({ queryKey: purchaseKeys.orders });
      reportError(err, 'Failed to cancel the order.');
    },
  });

  // No payment can be submitted while the company's sale is suspended.
  const suspended = useSaleSuspended();

  const proof = useSubmitPurchase(
    (v: ProofSubmit & { method: PaymentMethod }) => ({
      purchaseId,
      paymentMethod: v.method,
      referenceNumber: v.referenceNumber,
      receiptId: v.receiptId,
      // The amount sent is the order amount; what the buyer typed is what they say they paid.
      amount: orderAmount,
      paidAmount: v.paidAmount,
      bankName: v.method === 'BANK' ? bank?.bankName : undefined,
    }),
    FALLBACK.tokenPurchase,
    {
      onDone: (v) => {
        setSubmitted(true);
        setProofFor(null);
        toastSuccess(`${v.method} proof submitted successfully.`);
      },
      onExpired: () => setExpiredByServer(true),
    },
  );

  const manual = useSubmitPurchase(
    () => ({ purchaseId, paymentMethod: 'MANUAL', amount: orderAmount }),
    'Failed to submit manual payment.',
    {
      onDone: () => {
        setSubmitted(true);
        toastSuccess('MANUAL payment submitted successfully.');
      },
      onExpired: () => setExpiredByServer(true),
    },
  );

  /**
   * Cancel asks first (the order itself is cancelled); the 'Payment process
   * cancelled.' is said once the buyer has confirmed and the order is cancelled, not before.
   */
  function cancel() {
    setAskCancel(true);
  }

  function onTabKey(e: KeyboardEvent<HTMLElement>) {
    const i = tabs.indexOf(activeTab);
    const next =
      e.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length]
      : e.key === 'ArrowLeft' ? tabs[(i - 1 + tabs.length) % tabs.length]
      : e.key === 'Home' ? tabs[0]
      : e.key === 'End' ? tabs[tabs.length - 1]
      : null;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    setAgreed(false);
    document.getElementById(`tab-${next}`)?.focus();
  }

  function pay(method: PaymentMethod) {
    if (suspended) return;
    if (!agreed) {
      toastErrors([method === 'UPI' ? MSG.agreeUpi : MSG.agreeOther]);
      return;
    }
    if (method === 'MANUAL') {
      if (!manual.isPending) manual.mutate(undefined);
    }
    else setProofFor(method);
  }

  async function copyUpi() {
    await copyText(upi, 'upi-id');
    toastSuccess('UPI ID copied to clipboard!');
  }

  if (order.isLoading || beneficiary.isLoading) return <PageLoader label="Loading payment details..." />;
  if (order.isError || !o) {
    return (
      <div className="pl-panel p-4">
        <p className="mb-3">Order details not found.</p>
        <Link to="/user/buy-token" className="btn btn-outline-primary">Back to Buy Token</Link>
      </div>
    );
  }

  const tone = countdownTone(expired ? 0 : left);
  const awaiting = o.status === 'INITIATED';
  const payee = upiPayee(b, site.companyName);
  const payLink = upi ? upiLink(upi, total, o.orderNumber, payee) : '';

  return (
    <div>
      <h1 className="h3 pl-page-title">Payment</h1>
      <div
        className={`pl-countdown pl-countdown-${awaiting && !expired ? tone : 'stopped'} p-3 p-md-4 mb-4 d-flex flex-wrap align-items-center justify-content-between gap-2`}
        role="timer"
        aria-live="off"
      >
        <div>
          <div className="small text-uppercase">Transaction time</div>
          <div className="pl-countdown-time">
            {awaiting || expired ? (
              <>
                {expired ? null : <span className="pl-countdown-label">Time left </span>}
                <span data-testid="countdown">{formatCountdown(expired ? 0 : left)}</span>
              </>
            ) : (
              <span data-testid="countdown-stopped">Payment submitted</span>
            )}
          </div>
        </div>
        <div className="small">Order {o.orderNumber}</div>
      </div>

      {!payable && !submitted ? (
        <div className={`alert ${expired ? 'alert-danger' : 'alert-info'}`} role="alert">
          {expired ? (
            <>
              <p className="fw-semibold mb-2">The 15-minute payment window for order {o.orderNumber} has closed.</p>
              <p className="mb-2">
                If you have not paid yet, do not pay for this order: place a new order instead. If you already paid, do
                not pay again: keep your UTR or transaction number and the receipt, and contact support with order number{' '}
                {o.orderNumber} so the company can match your payment.
              </p>
            </>
          ) : (
            <p className="mb-2">
              This order is no longer awaiting payment (status <StatusBadge status={o.status} />). Its progress is in
              Payment History.
            </p>
          )}
          <div className="d-flex flex-wrap gap-2">
            <Link to="/user/buy-token" className="btn btn-sm btn-outline-dark">Back to Buy Token</Link>
            <Link to="/user/payment-history" className="btn btn-sm btn-outline-dark">Payment History</Link>
          </div>
        </div>
      ) : null}

      <div className="row g-4">
        {payable ? (
        <div className="col-lg-7">
          <section className="pl-panel p-3 p-md-4" aria-label="Payment method">
            {/* The amount due beside the details it is paid to: on a phone the order details are below the fold. */}
            <div className="pl-amount-due d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3" data-testid="amount-due">
              <span className="fw-semibold">Amount to pay</span>
              <span className="fs-4 fw-bold text-nowrap">{rupees(total)}</span>
            </div>
            <ul className="nav nav-tabs mb-3" role="tablist" aria-label="Payment method" onKeyDown={onTabKey}>
              {tabs.map((t) => (
                <li className="nav-item" role="presentation" key={t}>
                  <button
                    type="button"
                    role="tab"
                    id={`tab-${t}`}
                    aria-selected={activeTab === t}
                    aria-controls={`panel-${t}`}
                    tabIndex={activeTab === t ? 0 : -1}
                    className={`nav-link ${activeTab === t ? 'active' : ''}`}
                    onClick={() => {
                      setTab(t);
                      setAgreed(false);
                    }}
                  >
                    {TAB_LABEL[t]}
                  </button>
                </li>
              ))}
            </ul>

            <div id={`panel-${activeTab}`} role="tabpanel" aria-labelledby={`tab-${activeTab}`}>
              {activeTab === 'UPI' ? (
                upi ? (
                  <div>
                    <div className="d-flex flex-column flex-sm-row align-items-center gap-4">
                      <div className="d-flex flex-column align-items-center gap-2">
                        <div className="pl-qr" data-testid="upi-qr">
                          <QRCodeSVG value={payLink} level="H" size={184} title="UPI payment QR code" />
                        </div>
                        <a href={payLink} className="btn btn-outline-primary fw-semibold w-100" data-testid="upi-app-link">
                          Pay with UPI app
                        </a>
                      </div>
                      <div className="flex-grow-1 w-100 min-w-0">
                        <p className="small text-body-secondary mb-2">Scan with any UPI app, or on this phone press Pay with UPI app</p>
                        <div className="pl-upi-apps d-flex flex-wrap gap-2 mb-3">
                          <img src={gpay} alt="Google Pay" />
                          <img src={phonepe} alt="PhonePe" />
                          <img src={paytm} alt="Paytm" />
                        </div>
                        {payee ? (
                          <p className="small mb-2">
                            Paying <span className="fw-semibold" data-testid="upi-payee">{payee}</span>
                          </p>
                        ) : null}
                        <label htmlFor="upi-id" className="form-label small fw-semibold">UPI ID</label>
                        <div className="input-group">
                          <input id="upi-id" className="form-control" readOnly value={upi} />
                          <button type="button" className="btn btn-outline-secondary" onClick={copyUpi} aria-label="Copy UPI ID">
                            <Icon name="copy" size={18} />
                          </button>
                        </div>
                      </div>
                    </div>
                    <Agreement id="agree-upi" checked={agreed} onChange={setAgreed} />
                    <div className="d-flex gap-2">
                      <button type="button" className="btn pl-btn-gradient fw-semibold px-4" onClick={() => pay('UPI')} disabled={proof.isPending || suspended}>{PAID_ADD_PROOF}</button>
                      <button type="button" className="btn btn-outline-secondary" onClick={cancel}>Cancel</button>
                    </div>
                  </div>
                ) : (
                  <div>
                    <p>UPI payment details are not available.</p>
                    <button type="button" className="btn btn-outline-secondary" onClick={() => navigate(-1)}>Go Back</button>
                  </div>
                )
              ) : null}

              {activeTab === 'BANK' && bank ? (
                <div>
                  {banks.length > 1 ? (
                    <div className="mb-3">
                      <label htmlFor="bank-select" className="form-label small fw-semibold">Select bank</label>
                      <select id="bank-select" className="form-select" value={bank.id} onChange={(e) => setBankId(e.target.value)}>
                        {banks.map((x) => (
                          <option key={x.id} value={x.id}>{x.bankName}</option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                  <div className="bg-light rounded-3 p-3" data-testid="bank-details">
                    <CopyRow label="Bank Name" value={bank.bankName} />
                    <CopyRow label="Account Number" value={bank.accountNumber} />
                    <CopyRow label="Account Holder" value={bank.holderName} />
                    <CopyRow label="IFSC" value={bank.ifscCode} />
                    <CopyRow label="Branch" value={bank.branch} />
                  </div>
                  <Agreement id="agree-bank" checked={agreed} onChange={setAgreed} />
                  <div className="d-flex gap-2">
                    <button type="button" className="btn pl-btn-gradient fw-semibold px-4" onClick={() => pay('BANK')} disabled={proof.isPending || suspended}>{PAID_ADD_PROOF}</button>
                    <button type="button" className="btn btn-outline-secondary" onClick={cancel}>Cancel</button>
                  </div>
                </div>
              ) : null}

              {activeTab === 'MANUAL' ? (
                <div>
                  <p className="text-body-secondary small">
                    Pay the total amount by any method agreed with the company, then confirm here. The company verifies
                    the payment before your tokens are credited.
                  </p>
                  <Agreement id="agree-manual" checked={agreed} onChange={setAgreed} />
                  <div className="d-flex gap-2">
                    <button type="button" className="btn pl-btn-gradient fw-semibold px-4" onClick={() => pay('MANUAL')} disabled={manual.isPending || suspended}>
                      <ButtonLabel pending={manual.isPending} idle="Confirm Payment" busy="Submitting..." />
                    </button>
                    <button type="button" className="btn btn-outline-secondary" onClick={cancel}>Cancel</button>
                  </div>
                </div>
              ) : null}
            </div>
          </section>
        </div>
        ) : null}

        <div className={payable ? 'col-lg-5' : 'col-lg-7'}>
          <OrderDetails order={o} symbol={symbol} orderAmount={orderAmount} percent={percent} fee={fee} total={total} />
        </div>
      </div>

      {proofFor ? (
        <ProofModal
          show
          method={proofFor}
          defaultAmount={total.toFixed(2)}
          submitting={proof.isPending}
          utrError={utrRefusal(proof.error)}
          submitError={proof.error}
          // Closing the proof form cancels nothing: the order stays open for payment.
          onCancel={() => setProofFor(null)}
          onSubmit={(v) => {
            if (!proof.isPending) proof.mutate({ ...v, method: proofFor });
          }}
        />
      ) : null}

      <Modal show={askCancel} onHide={() => setAskCancel(false)} centered aria-labelledby="cancel-order-title">
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="cancel-order-title">Cancel order {o.orderNumber}?</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-2">
            Order {o.orderNumber} for {rupees(total)} ({tokens(o.quantity, symbol)}) is still open. Cancel it to release its
            tokens, or keep it and continue payment later from Payment History before the time runs out.
          </p>
          <p className="small text-body-secondary mb-0">Do not cancel an order you have already paid for.</p>
        </Modal.Body>
        <Modal.Footer className="flex-wrap">
          <button type="button" className="btn btn-outline-primary" onClick={() => setAskCancel(false)}>Keep order</button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={cancelMutation.isPending}
            onClick={() => {
              if (!cancelMutation.isPending) cancelMutation.mutate();
            }}
          >
            <ButtonLabel pending={cancelMutation.isPending} idle="Cancel order" busy="Cancelling..." />
          </button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}

/**
 * The server's refusal of a proof's UTR, to show beside the UTR field: the 422 naming
 * referenceNumber (a UTR of the wrong form), or the 409 of a payment already claimed.
 */
export function utrRefusal(err: unknown): string | null {
  const named = fieldErrors(err).referenceNumber;
  if (named) return named;
  if (httpStatus(err) !== 409) return null;
  return errorMessage(err, '').find((m) => m.includes('UTR')) ?? null;
}

function OrderDetails({ order, symbol, orderAmount, percent, fee, total }: { order: PurchaseOrder; symbol: string; orderAmount: number; percent: number; fee: number; total: number }) {
  return (
    <section className="pl-panel p-3 p-md-4" aria-labelledby="order-details-title">
      <h2 id="order-details-title" className="h5 fw-bold mb-3">Order Details</h2>
      <div className="pl-kv"><span>Order Number</span><span data-testid="order-number" className="text-nowrap">{order.orderNumber}</span></div>
      <div className="pl-kv"><span>Order Amount</span><span className="text-nowrap" data-testid="order-amount">{rupees(orderAmount)}</span></div>
      <div className="pl-kv"><span>Platform Fees ({percent}%)</span><span className="text-nowrap" data-testid="order-fee">{rupees(fee)}</span></div>
      <div className="pl-kv"><span>Tokens</span><span className="text-nowrap" data-testid="order-tokens">{tokens(order.quantity, symbol)}</span></div>
      <div className="pl-kv fs-5"><span>Total Amount</span><span className="text-nowrap" data-testid="order-total">{rupees(total)}</span></div>
    </section>
  );
}
