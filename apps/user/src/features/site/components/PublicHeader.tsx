import type { BuyerToken } from '@prelaunch/api';
import { Link } from 'react-router';
import { SaleSuspendedAlert } from './SaleSuspendedAlert';

/**
 * The public header: token icon and name, 'PRE-LAUNCH PROGRAM' and 'JOIN NOW' (Login); below
 * it, while the sale is suspended, the notice.
 */
export function PublicHeader({ token }: { token: BuyerToken }) {
  return (
    <>
      <header className="pl-header">
        <div className="container d-flex align-items-center justify-content-between gap-2 py-3">
          <Link to="/" className="d-flex align-items-center gap-2 text-decoration-none text-white min-w-0">
            <img src={token.icon_url || '/favicon.svg'} alt="" width={36} height={36} className="rounded-circle flex-shrink-0" />
            <span className="d-flex flex-column lh-sm min-w-0">
              <span className="fw-bold fs-5 text-truncate" data-testid="token-name">
                {token.name}
              </span>
              <span className="pl-eyebrow">PRE-LAUNCH PROGRAM</span>
            </span>
          </Link>
          <Link to="/register" className="btn pl-btn-gradient btn-sm px-3 fw-semibold flex-shrink-0">
            JOIN NOW
          </Link>
        </div>
      </header>
      <SaleSuspendedAlert />
    </>
  );
}
