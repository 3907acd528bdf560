import type { PriceLimits } from '@prelaunch/api';
import { rupees } from '@prelaunch/ui';
import { remainingForBuyer } from '../sale';

/** DESIGN §10: the sale's limits beside the amount field; nothing when the sale sets none. */
export function LimitsNote({ limits, id }: { limits: PriceLimits | null | undefined; id?: string }) {
  if (!limits) return null;
  const left = remainingForBuyer(limits);
  const lines: string[] = [];
  if (limits.minOrder !== null) lines.push(`Minimum order ${rupees(limits.minOrder)}`);
  if (limits.maxOrder !== null) lines.push(`Maximum order ${rupees(limits.maxOrder)}`);
  if (limits.maxPerBuyer !== null && left !== null) {
    lines.push(`Up to ${rupees(limits.maxPerBuyer)} per buyer in this sale: ${rupees(limits.boughtSoFar)} ordered so far, ${rupees(left)} remains for you`);
  }
  if (!lines.length) return null;
  return (
    <ul id={id} className="list-unstyled small mb-3 text-body-secondary" aria-label="Order limits" data-testid="order-limits">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}
