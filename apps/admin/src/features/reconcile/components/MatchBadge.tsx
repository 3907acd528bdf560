import type { MatchStatus } from '@prelaunch/api';
import { MATCH_STATUSES } from '../api/reconcile';

/** The outcomes: green a match, yellow a wrong amount, red nothing to match or an amount that cannot be read, grey the rest. */
export const MATCH_VARIANT: Record<MatchStatus, string> = {
  MATCHED: 'success',
  AMOUNT_MISMATCH: 'warning',
  DECIDED: 'info',
  NOT_FOUND: 'danger',
  NO_UTR: 'secondary',
  REPEATED: 'dark',
  UNREADABLE: 'danger',
};

export function matchLabel(status: MatchStatus): string {
  return MATCH_STATUSES.find((s) => s.value === status)?.label ?? status;
}

export function MatchBadge({ status }: { status: MatchStatus }) {
  return (
    <span className={`badge text-bg-${MATCH_VARIANT[status] ?? 'secondary'}`} data-status={status}>
      {matchLabel(status)}
    </span>
  );
}
