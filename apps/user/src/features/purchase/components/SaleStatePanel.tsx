import type { TokenPrice } from '@prelaunch/api';
import { countdownText, formatDateTime, rupees, SaleProgress, SaleStatusBadge, tokens, useNow } from '@prelaunch/ui';
import { useEffect, useRef, type ReactNode } from 'react';
import { closedReason, secondsUntil } from '../../../lib/sale';

export type SaleInfo = Partial<Pick<TokenPrice, 'sale' | 'round' | 'nextRound' | 'remainingPrivateSupply' | 'symbol'>>;

/**
 * On Buy Token: the sale's state (a countdown to the opening, paused, closed, sold out),
 * the current round with its progress and the next round's price. `onOpened` runs once when a
 * scheduled sale's countdown reaches zero, so the price is read again.
 */
export function SaleStatePanel({
  info,
  onOpened,
  showSupply = false,
  action,
  allocated = false,
}: {
  info: SaleInfo;
  onOpened?: () => void;
  /** Also say how many tokens the private sale has left (the dashboard; Buy Token shows it in the form). */
  showSupply?: boolean;
  /** A link beside the heading (the dashboard's way to Buy Token). */
  action?: ReactNode;
  /** A round sold by requests has been allocated: its tokens are reserved for the allocations. */
  allocated?: boolean;
}) {
  const { sale, round, nextRound } = info;
  const status = sale?.status ?? 'OPEN';
  const scheduled = status === 'SCHEDULED';
  const now = useNow(scheduled);
  // A sale opens at its start, or (started, but no round open yet) when its next round opens.
  const opensAt = sale?.startsAt && Date.parse(sale.startsAt) > now - 1000 ? sale.startsAt : (nextRound?.startsAt ?? null);
  const left = scheduled ? secondsUntil(opensAt, now) : 0;
  // Sold out because a round sold by requests reserved every token for its allocations: those who
  // were allocated tokens still pay for them, below.
  const reason =
    status === 'SOLD_OUT' && allocated
      ? 'All tokens of this sale are sold or allocated. If you were allocated tokens, pay for them below by the time shown.'
      : closedReason(status);

  const fired = useRef(false);
  useEffect(() => {
    if (scheduled && opensAt && left === 0 && !fired.current) {
      fired.current = true;
      onOpened?.();
    }
  }, [scheduled, opensAt, left, onOpened]);

  return (
    <section className="pl-panel p-4 mb-4" aria-labelledby="sale-state-title" data-testid="sale-state">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="sale-state-title" className="h5 fw-bold mb-0">
          Sale
        </h2>
        <SaleStatusBadge status={status} />
        {action ? <div className="ms-auto">{action}</div> : null}
      </div>

      {scheduled && opensAt ? (
        <p className="mb-3" data-testid="sale-message">
          The sale opens in{' '}
          <strong role="timer" aria-live="off" className="text-nowrap" data-testid="sale-countdown">
            {countdownText(left)}
          </strong>
          <span className="text-body-secondary"> (on {formatDateTime(opensAt)})</span>.
        </p>
      ) : reason ? (
        <p className={`mb-3 fw-semibold ${status === 'PAUSED' ? 'text-warning-emphasis' : 'text-danger'}`} data-testid="sale-message">
          {reason}
          {status === 'CLOSED' && sale?.endsAt ? <span className="fw-normal text-body-secondary"> It ended on {formatDateTime(sale.endsAt)}.</span> : null}
        </p>
      ) : (
        <p className="mb-3 text-body-secondary" data-testid="sale-message">
          The sale is open{sale?.endsAt ? ` until ${formatDateTime(sale.endsAt)}` : ''}.
        </p>
      )}

      {round ? (
        <div className="mb-3" data-testid="current-round">
          <div className="d-flex flex-wrap justify-content-between gap-2 mb-1">
            <h3 className="h6 fw-bold mb-0">Current round: {round.name}</h3>
            <span className="fw-semibold text-nowrap" data-testid="round-price">
              {rupees(round.price)} per token
            </span>
          </div>
          <SaleProgress sold={round.sold} allocation={round.allocation} label={`${round.name} sold`} />
          {round.endsAt ? <div className="small text-body-secondary">This round ends on {formatDateTime(round.endsAt)}.</div> : null}
        </div>
      ) : null}

      {showSupply && info.remainingPrivateSupply !== undefined ? (
        <p className="small mb-2" data-testid="sale-supply">
          <strong className="text-nowrap">
            {tokens(info.remainingPrivateSupply, info.symbol)}
          </strong>{' '}
          left in the private sale.
        </p>
      ) : null}

      {nextRound ? (
        <p className="small mb-0" data-testid="next-round">
          Next: <strong>{nextRound.name}</strong> at <strong className="text-nowrap">{rupees(nextRound.price)}</strong> per token
          {nextRound.startsAt ? ` from ${formatDateTime(nextRound.startsAt)}` : round ? ' after this round' : ''}.
        </p>
      ) : null}
    </section>
  );
}
