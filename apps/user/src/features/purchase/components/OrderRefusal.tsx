import { errorMessage, FALLBACK, httpStatus } from '@prelaunch/api';
import { Link } from 'react-router';

/**
 * Why the server refused BUY NOW (409 the sale is not open or the round has fewer
 * tokens left, 422 a limit), kept beside the button after the toast has gone. a 403
 * (kyc_required, "Complete your KYC verification to buy more than ₹X.") links to Verification.
 */
export function OrderRefusal({ error }: { error: unknown }) {
  const status = httpStatus(error);
  if (!error || (status !== 403 && status !== 409 && status !== 422)) return null;
  return (
    <div className="alert alert-danger py-2 mt-3 mb-0" role="alert" data-testid="order-refusal">
      {errorMessage(error, FALLBACK.createPurchaseOrder).map((m) => (
        <div key={m}>{m}</div>
      ))}
      {status === 403 ? (
        <Link to="/user/kyc" className="alert-link d-inline-block mt-1">
          Go to Verification
        </Link>
      ) : null}
    </div>
  );
}
