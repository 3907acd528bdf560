import { COMPANY_SUSPENDED_MESSAGE } from '@prelaunch/api';
import { Link } from 'react-router';

/**
 * What a signed-in admin sees once the super admin has suspended their company: every admin call
 * answers 403 company_suspended (the suspension revoked their token), so the pages give way to
 * this notice, with the reason, instead of "your session has expired". Signing out still works.
 */
export function CompanySuspended({ reason, logout }: { reason?: string; logout: string }) {
  return (
    <div className="pl-page">
      <main className="container flex-grow-1 d-flex align-items-center justify-content-center py-4 py-sm-5">
        <div className="card shadow-sm w-100" style={{ maxWidth: 520 }}>
          <div className="card-body p-4">
            <h1 className="h4 mb-3">This company is suspended</h1>
            <div className="alert alert-danger" role="alert">
              <div>{COMPANY_SUSPENDED_MESSAGE}</div>
              {reason ? (
                <div className="mt-2 text-break" data-testid="suspension-reason">
                  Reason: {reason}
                </div>
              ) : null}
            </div>
            <p className="text-muted small">
              The admin area is closed while the company is suspended. Your buyers can still sign in and see their records.
            </p>
            <Link to={logout} className="btn btn-primary">
              Sign out
            </Link>
          </div>
        </div>
      </main>
    </div>
  );
}
