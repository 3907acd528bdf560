import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { priceQueryOptions, purchaseKeys } from '../api/purchase';
import { SaleStatePanel } from './SaleStatePanel';

/** On the buyer dashboard: the sale's state and progress (the current round, what is left). */
export function SaleOverview() {
  const price = useQuery(priceQueryOptions());
  const qc = useQueryClient();
  if (price.isLoading) {
    return (
      <section className="pl-panel p-4 mb-4 placeholder-glow" role="status" aria-label="Loading the sale...">
        <span className="placeholder col-3 rounded mb-3" style={{ height: '1.25rem' }} />
        <span className="placeholder col-12 rounded" style={{ height: '0.6rem' }} />
      </section>
    );
  }
  // A failed price load is toasted on Buy Token; the dashboard keeps its own figures without the sale.
  if (!price.data) return null;
  return (
    <SaleStatePanel
      info={price.data}
      showSupply
      onOpened={() => void qc.invalidateQueries({ queryKey: purchaseKeys.price })}
      action={
        <Link to="/user/buy-token" className="btn btn-sm btn-primary">
          Buy Token
        </Link>
      }
    />
  );
}
