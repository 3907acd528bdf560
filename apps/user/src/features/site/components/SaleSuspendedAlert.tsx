import { SALE_SUSPENDED } from '@prelaunch/api';
import { useQuery } from '@tanstack/react-query';
import { siteQueryOptions } from '../api/site';
import { useRecheckAfterSuspension, useSaleSuspended } from '../suspended';

/**
 * The full-width notice every page shows while the company's sale is suspended, with the super
 * admin's reason (site/get's suspensionReason) and what still works; `inline` inside the signed-in
 * layout's content, else edge to edge under the public header.
 */
export function SaleSuspendedAlert({ inline = false }: { inline?: boolean }) {
  const suspended = useSaleSuspended();
  const site = useQuery(siteQueryOptions());
  useRecheckAfterSuspension();
  if (!suspended) return null;
  const reason = site.data?.suspended ? site.data.suspensionReason?.trim() : '';
  return (
    <div
      className={`alert alert-danger text-center fw-semibold ${inline ? 'mb-4' : 'rounded-0 border-0 border-bottom mb-0 px-3 py-3'}`}
      role="alert"
    >
      <div>{SALE_SUSPENDED}</div>
      {reason ? <div className="fw-normal text-break mt-1" data-testid="suspension-reason">Reason: {reason}</div> : null}
      <div className="fw-normal small mt-1">You can still sign in and see your balance, payment history, receipts and stock.</div>
    </div>
  );
}
