import { SALE_SUSPENDED } from '@prelaunch/api';
import { useRecheckAfterSuspension, useSaleSuspended } from '../suspended';

/**
 * DESIGN §11: the full-width notice every page shows while the company's sale is suspended; `inline`
 * inside the signed-in layout's content, else edge to edge under the public header.
 */
export function SaleSuspendedAlert({ inline = false }: { inline?: boolean }) {
  const suspended = useSaleSuspended();
  useRecheckAfterSuspension();
  if (!suspended) return null;
  return (
    <div
      className={`alert alert-danger text-center fw-semibold ${inline ? 'mb-4' : 'rounded-0 border-0 border-bottom mb-0 px-3 py-3'}`}
      role="alert"
    >
      {SALE_SUSPENDED}
    </div>
  );
}
