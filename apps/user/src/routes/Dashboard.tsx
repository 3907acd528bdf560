import { errorMessage } from '@prelaunch/api';
import { Pagination, ResponsiveTable, SummaryCard, tokens, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Icon } from '../components/Icon';
import { profileQueryOptions } from '../features/profile';
import { OpenOrders, SaleOverview } from '../features/purchase';
import { useSite, useSiteDocumentMeta } from '../features/site';
import { DeliveryCard, globalColumns, globalStockQueryOptions, myColumns, myStockQueryOptions, stockDeliveryQueryOptions } from '../features/stock';

type CardId = 'globalStock' | 'myStock';
const PAGE_SIZE = 10;

/** User dashboard (/user/dashboard). */
export default function Dashboard() {
  const { token } = useSite();
  const profile = useQuery(profileQueryOptions());
  const [card, setCard] = useState<CardId>('globalStock');
  const [globalPage, setGlobalPage] = useState(1);
  const [myPage, setMyPage] = useState(1);
  const global = useQuery(globalStockQueryOptions(globalPage, PAGE_SIZE, card === 'globalStock'));
  const mine = useQuery(myStockQueryOptions(myPage, PAGE_SIZE, card === 'myStock'));
  const delivery = useQuery(stockDeliveryQueryOptions());

  useErrorToast(global.error ?? mine.error, 'Failed to fetch stock details');

  useSiteDocumentMeta('Dashboard');

  // Honest states: a placeholder while loading, a dash after a failure, never a made-up 0.0.
  const figure = (v: unknown) =>
    profile.isLoading ? (
      <span className="placeholder-glow" role="status" aria-label="Loading">
        <span className="placeholder col-8 rounded" style={{ minWidth: '4rem' }} />
      </span>
    ) : profile.isError ? (
      '—'
    ) : (
      tokens(v)
    );
  const stock = card === 'globalStock' ? global : mine;

  return (
    <div>
      <h1 className="h3 pl-page-title">Dashboard</h1>
      <OpenOrders />
      <SaleOverview />
      {delivery.data ? <DeliveryCard delivery={delivery.data} symbol={token.symbol} /> : null}
      {profile.isError ? (
        <div className="alert alert-danger d-flex flex-wrap align-items-center justify-content-between gap-2" role="alert">
          <span>Your balances could not be loaded.</span>
          <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => profile.refetch()}>Retry</button>
        </div>
      ) : null}
      <div className="row g-3 mb-4">
        <div className="col-md-6">
          <SummaryCard
            id="globalStock"
            title="Global Stock"
            icon={<Icon name="globe" />}
            value={<span data-testid="global-stake">{figure(profile.data?.globalStake)}</span>}
            subValues={[token.symbol, `Rank list of all holders`]}
            tokenIcon={token.icon_url}
            active={card === 'globalStock'}
            onSelect={(id) => setCard(id as CardId)}
          />
        </div>
        <div className="col-md-6">
          <SummaryCard
            id="myStock"
            title="My Stock"
            icon={<Icon name="wallet" />}
            value={<span data-testid="stock-balance">{figure(profile.data?.stockBalance)}</span>}
            subValues={[
              token.symbol,
              delivery.data && delivery.data.allocated !== '0'
                ? `${tokens(delivery.data.unlocked)} unlocked · ${tokens(delivery.data.locked)} locked`
                : 'Approved purchases',
            ]}
            tokenIcon={token.icon_url}
            active={card === 'myStock'}
            onSelect={(id) => setCard(id as CardId)}
          />
        </div>
      </div>

      <section className="pl-panel p-3 p-md-4">
        {stock.isError ? (
          <div className="text-center py-4" role="alert">
            <p className="text-danger mb-3">{errorMessage(stock.error, 'Failed to fetch stock details').join(' ')}</p>
            <button type="button" className="btn btn-outline-primary" onClick={() => stock.refetch()} disabled={stock.isFetching}>Retry</button>
          </div>
        ) : card === 'globalStock' ? (
          <>
            <ResponsiveTable
              title="Global Stock Details"
              columns={globalColumns}
              rows={global.data?.records}
              rowKey={(r, i) => `${r.rank}-${i}`}
              loading={global.isLoading}
              emptyText="No holders yet. Buy tokens on Buy Token to join the list."
              loadingText="Loading global stock..."
            />
            <Pagination className="mt-3" page={globalPage} pageCount={global.data?.lastPage ?? 1} onPageChange={setGlobalPage} />
          </>
        ) : (
          <>
            <ResponsiveTable
              title="My Stock Details"
              columns={myColumns}
              rows={mine.data?.records}
              rowKey={(r, i) => `${r.reference}-${r.kind}-${i}`}
              loading={mine.isLoading}
              emptyText="No approved purchases yet. Buy tokens on Buy Token; they appear here once approved."
              loadingText="Loading my stock..."
            />
            <Pagination className="mt-3" page={myPage} pageCount={mine.data?.lastPage ?? 1} onPageChange={setMyPage} />
          </>
        )}
      </section>
    </div>
  );
}
