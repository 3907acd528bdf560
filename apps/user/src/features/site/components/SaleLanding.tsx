import type { PublicSale } from '@prelaunch/api';
import { countdownText, formatDateTime, rupees, SaleProgress, SaleStatusBadge, tokens, useNow } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { closedReason, secondsUntil } from '../../../lib/sale';
import { publicSaleQueryOptions } from '../api/sale';

/** When a scheduled sale opens: its start, or (started, no round open yet) its next round's. */
function opensAt(s: PublicSale, now: number): string | null {
  const start = s.sale.startsAt;
  if (start && Date.parse(start) > now - 1000) return start;
  return s.nextRound?.startsAt ?? null;
}

/**
 * The buyer site's first screen: the sale as it stands — price per token, the current round and its
 * progress, the next round, when it opens — with Register and Sign in. Nothing but the two buttons
 * while the sale cannot be read (a suspended company, say: the header's notice says why).
 */
export function SaleLanding({ onSignIn }: { onSignIn: () => void }) {
  const query = useQuery(publicSaleQueryOptions());
  // A body without a sale (an older server) shows no figures rather than failing.
  const s = query.data?.sale ? query.data : undefined;
  const scheduled = s?.sale.status === 'SCHEDULED';
  const now = useNow(scheduled);
  const opening = s && scheduled ? opensAt(s, now) : null;
  const reason = s ? closedReason(s.sale.status) : null;

  return (
    <section className="pl-landing bg-white text-body rounded-4 shadow-lg p-3 p-sm-4" aria-labelledby="landing-sale-title" data-testid="landing-sale">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="landing-sale-title" className="h5 fw-bold mb-0">
          {s ? `${s.name} sale` : 'The sale'}
        </h2>
        {s ? <SaleStatusBadge status={s.sale.status} /> : null}
      </div>

      {query.isLoading ? (
        <div className="placeholder-glow mb-3" role="status" aria-label="Loading the sale...">
          <span className="placeholder col-6 rounded mb-2" style={{ height: '2rem' }} />
          <span className="placeholder col-12 rounded" style={{ height: '0.6rem' }} />
        </div>
      ) : s ? (
        <>
          <div className="d-flex flex-wrap align-items-baseline gap-2 mb-2">
            <span className="fs-2 fw-bold text-nowrap" data-testid="landing-price">{rupees(s.price)}</span>
            <span className="text-body-secondary">per token{s.round ? ` in ${s.round.name}` : ''}</span>
          </div>
          {s.round ? (
            <SaleProgress
              className="mb-2"
              sold={s.round.sold}
              allocation={s.round.allocation}
              unit={s.symbol}
              label={`${s.round.name} sold`}
            />
          ) : null}
          {scheduled && opening ? (
            <p className="mb-2" data-testid="landing-opening">
              Opens in{' '}
              <strong role="timer" aria-live="off" className="text-nowrap">{countdownText(secondsUntil(opening, now))}</strong>{' '}
              <span className="text-body-secondary text-nowrap">({formatDateTime(opening)})</span>
            </p>
          ) : reason ? (
            <p className="mb-2 fw-semibold" data-testid="landing-opening">{reason}</p>
          ) : (
            <p className="mb-2 text-body-secondary" data-testid="landing-opening">
              Open now{s.sale.endsAt ? <> until <span className="text-nowrap">{formatDateTime(s.sale.endsAt)}</span></> : null}.
            </p>
          )}
          {s.nextRound ? (
            <p className="small mb-2" data-testid="landing-next-round">
              Next: <strong>{s.nextRound.name}</strong> at <strong className="text-nowrap">{rupees(s.nextRound.price)}</strong> per token
              {s.nextRound.startsAt ? <> from <span className="text-nowrap">{formatDateTime(s.nextRound.startsAt)}</span></> : s.round ? ' after this round' : ''}.
            </p>
          ) : null}
          <p className="small text-body-secondary mb-3">
            <span className="text-nowrap">{tokens(s.remainingPrivateSupply)}</span> {s.symbol} left in the private sale · fee{' '}
            {String(s.platformChargePercent)}%
          </p>
        </>
      ) : null}

      <div className="d-flex flex-wrap gap-2">
        <Link to="/register" className="btn pl-btn-gradient btn-lg fw-semibold flex-grow-1">
          Register
        </Link>
        <button type="button" className="btn btn-outline-dark btn-lg fw-semibold flex-grow-1" onClick={onSignIn}>
          Sign in
        </button>
      </div>
    </section>
  );
}
