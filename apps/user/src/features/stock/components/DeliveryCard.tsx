import type { StockDelivery } from '@prelaunch/api';
import { formatDateTime, tokens, useNow } from '@prelaunch/ui';
import { Link } from 'react-router';
import { formatTimeLeft } from './stockColumns';

function scheduleText(s: StockDelivery['schedules'][number]): string {
  const rest = s.vestingDays > 0 ? `the rest evenly over ${s.vestingDays} days` : 'the rest at once';
  const cliff = s.cliffDays > 0 ? `after a ${s.cliffDays}-day cliff, ` : '';
  return `${s.tgeUnlockPercent}% at TGE, then ${cliff}${rest}`;
}

/**
 * How the buyer's tokens arrive: the TGE, the vesting schedule, the unlocked/locked split with the
 * time until all is unlocked, and where they are sent (the proved wallet, or a nudge to Profile).
 */
export function DeliveryCard({ delivery, symbol }: { delivery: StockDelivery; symbol?: string }) {
  const d = delivery;
  const tge = d.tgeAt ? Date.parse(d.tgeAt) : NaN;
  // Moves each second until the TGE, so the sentence turns to the past tense when it passes.
  const now = useNow(Number.isFinite(tge));
  const nothing = d.allocated === '0';
  return (
    <section className="pl-panel p-3 p-md-4 mb-4" aria-labelledby="delivery-title">
      <h2 id="delivery-title" className="h5">
        Token delivery
      </h2>
      {d.tgeAt ? (
        <p className="mb-2">
          {tge <= now ? 'Tokens started unlocking at the TGE on ' : 'Tokens start unlocking at the TGE on '}
          <strong>{formatDateTime(d.tgeAt)}</strong>.
        </p>
      ) : (
        <p className="mb-2">The TGE (when tokens start to unlock) has not been announced yet.</p>
      )}
      {d.schedules.length ? (
        <ul className="mb-2 small">
          {d.schedules.map((s) => (
            <li key={s.round || 'token'}>
              {s.round ? `${s.round}: ` : ''}
              {scheduleText(s)}.
            </li>
          ))}
        </ul>
      ) : null}
      {!nothing ? (
        <div className="row g-2 mb-2" data-testid="delivery-split">
          <div className="col-6 col-md-3">
            <div className="small text-body-secondary">Unlocked</div>
            <div className="fw-semibold">{tokens(d.unlocked, symbol)}</div>
          </div>
          <div className="col-6 col-md-3">
            <div className="small text-body-secondary">Locked</div>
            <div className="fw-semibold">{tokens(d.locked, symbol)}</div>
          </div>
          <div className="col-6 col-md-3">
            <div className="small text-body-secondary">Delivered</div>
            <div className="fw-semibold">{tokens(d.delivered, symbol)}</div>
          </div>
          <div className="col-6 col-md-3">
            <div className="small text-body-secondary">Time Left</div>
            <div className="fw-semibold">{formatTimeLeft(d.timeLeft)}</div>
          </div>
        </div>
      ) : null}
      {d.wallet ? (
        <p className="mb-0">
          Unlocked tokens are delivered to your proved wallet <span className="font-monospace text-break">{d.wallet}</span>.
        </p>
      ) : (
        <p className="mb-0">
          Unlocked tokens are sent to a wallet you have proved is yours. <Link to="/user/profile">Set a wallet in Profile</Link> to receive them.
        </p>
      )}
    </section>
  );
}
