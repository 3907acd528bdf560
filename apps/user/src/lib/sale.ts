/**
 * The sale as Buy Token shows it, from price/get's `sale`, `round`, `nextRound` and
 * `limits`. The server decides every order; these only say beforehand what it will answer, in its
 * own words, so BUY NOW is not offered for an order that cannot be placed.
 */
import type { BuyerSaleStatus, PriceLimits, TokenPrice } from '@prelaunch/api';
import { grouped, num, rupees } from '@prelaunch/ui';

/** Why no order can be placed now, or null when the sale is open (a missing status reads as open). */
export function closedReason(status: BuyerSaleStatus | null | undefined): string | null {
  switch (status) {
    case 'SCHEDULED':
      return 'The sale has not opened yet.';
    case 'PAUSED':
      return 'The sale is paused. Orders cannot be placed until it resumes.';
    case 'CLOSED':
      return 'The sale has closed.';
    case 'SOLD_OUT':
      return 'All tokens of this sale are sold.';
    default:
      return null;
  }
}

/** INR the buyer may still spend in this sale, or null without a per-buyer limit (never below 0). */
export function remainingForBuyer(limits: PriceLimits | null | undefined): number | null {
  if (!limits || limits.maxPerBuyer === null || limits.maxPerBuyer === undefined) return null;
  return Math.max(0, Math.round((num(limits.maxPerBuyer) - num(limits.boughtSoFar)) * 100) / 100);
}

/** The server's refusal for an order charging `charged` INR (wording), or null when the limits allow it. */
export function limitProblem(charged: number, limits: PriceLimits | null | undefined): string | null {
  if (!limits || charged <= 0) return null;
  if (limits.minOrder !== null && charged < limits.minOrder) return `The minimum order is ${rupees(limits.minOrder)}.`;
  if (limits.maxOrder !== null && charged > limits.maxOrder) return `The maximum order is ${rupees(limits.maxOrder)}.`;
  const left = remainingForBuyer(limits);
  if (left !== null && charged > left) {
    return `You can buy at most ${rupees(limits.maxPerBuyer)} in this sale; ${rupees(left)} remains for you.`;
  }
  return null;
}

/** Whole seconds from `now` until `iso` (0 when past or missing). */
export function secondsUntil(iso: string | null | undefined, now: number): number {
  if (!iso) return 0;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : Math.max(0, Math.ceil((t - now) / 1000));
}

/** Tokens the current round has left at its price, or null without a round (never below 0). */
export function roundLeft(round: TokenPrice['round'] | null | undefined): number | null {
  if (!round) return null;
  return Math.max(0, num(round.allocation) - num(round.sold));
}

/**
 * Why `quantity` tokens cannot be ordered from what is left, in the server's own words (a round
 * has fewer left at its price; the private sale has fewer left), or null when they can.
 */
export function supplyProblem(
  quantity: number,
  round: TokenPrice['round'] | null | undefined,
  remainingPrivateSupply: number | string | null | undefined,
): string | null {
  if (quantity <= 0) return null;
  const left = roundLeft(round);
  if (round && left !== null && quantity > left) {
    return `Only ${grouped(left)} tokens remain at this price (${round.name}). Enter a smaller amount.`;
  }
  if (remainingPrivateSupply !== null && remainingPrivateSupply !== undefined && quantity > num(remainingPrivateSupply)) {
    return 'Not enough tokens left in the private sale.';
  }
  return null;
}
