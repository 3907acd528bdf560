import { Link, useSearchParams } from 'react-router';
import { PaymentPage } from '../features/purchase';

/** Payment (/user/payment): the order comes from ?purchaseId=&purchaseAmount=. */
export default function Payment() {
  const [params] = useSearchParams();
  const purchaseId = params.get('purchaseId');
  const purchaseAmount = params.get('purchaseAmount');
  if (!purchaseId || !purchaseAmount) {
    return (
      <div className="pl-panel p-4">
        <p className="mb-3">Order details not found in URL.</p>
        <Link to="/user/buy-token" className="btn btn-outline-primary">Back to Buy Token</Link>
      </div>
    );
  }
  return <PaymentPage purchaseId={purchaseId} purchaseAmount={purchaseAmount} />;
}
