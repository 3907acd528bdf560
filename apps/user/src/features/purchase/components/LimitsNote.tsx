import type { PriceLimits, TokenPrice } from '@prelaunch/api';
import { rupees, tokens } from '@prelaunch/ui';
import { remainingForBuyer, roundLeft } from '../../../lib/sale';

/**
 * Every limit an order meets, beside the amount field — the tokens the current round
 * has left at its price, the order limits, and the total above which KYC is needed; nothing when
 * there is none.
 */
export function LimitsNote({
  limits,
  round,
  symbol,
  id,
}: {
  limits: PriceLimits | null | undefined;
  round?: TokenPrice['round'] | null;
  symbol?: string;
  id?: string;
}) {
  const lines: string[] = [];
  const inRound = roundLeft(round);
  if (round && inRound !== null) lines.push(`${tokens(inRound, symbol)} left in ${round.name} at ${rupees(round.price)} each`);
  const left = remainingForBuyer(limits);
  if (!limits) return lines.length ? <LimitList id={id} lines={lines} /> : null;
  if (limits.minOrder !== null) lines.push(`Minimum order ${rupees(limits.minOrder)}`);
  if (limits.maxOrder !== null) lines.push(`Maximum order ${rupees(limits.maxOrder)}`);
  if (limits.maxPerBuyer !== null && left !== null) {
    lines.push(`Up to ${rupees(limits.maxPerBuyer)} per buyer in this sale: ${rupees(limits.boughtSoFar)} ordered so far, ${rupees(left)} remains for you`);
  }
  if (limits.kycRequiredAbove !== null && limits.kycRequiredAbove !== undefined) {
    lines.push(`KYC verification needed to buy more than ${rupees(limits.kycRequiredAbove)} in total`);
  }
  if (!lines.length) return null;
  return <LimitList id={id} lines={lines} />;
}

function LimitList({ id, lines }: { id?: string; lines: string[] }) {
  return (
    <ul id={id} className="list-unstyled small mb-3 text-body-secondary" aria-label="Order limits" data-testid="order-limits">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}
