import type { GlobalStockRow, MyStockRow } from '@prelaunch/api';
import { DataTable, Pagination, SummaryCard, useDocumentMeta, type Column } from '@prelaunch/ui';
import { useState } from 'react';
import { useQueryErrorToast } from '../lib/toast';
import { formatDateTime, formatTimeLeft } from '../lib/calc';
import { Icon } from '../layouts/icons';
import { useGlobalStock, useMyStock, useProfile } from '../queries/user';
import { useSite } from '../queries/site';

type CardId = 'globalStock' | 'myStock';
const PAGE_SIZE = 10;

function shortHash(v: string | null | undefined) {
  if (!v) return null;
  return v.length > 18 ? `${v.slice(0, 8)}…${v.slice(-6)}` : v;
}

const globalColumns: Column<GlobalStockRow>[] = [
  { key: 'rank', header: 'Stock Rank' },
  { key: 'walletAddress', header: 'Wallet Address', render: (r) => <span title={r.walletAddress ?? ''}>{shortHash(r.walletAddress)}</span> },
  { key: 'quantity', header: 'Stock Qty.' },
  { key: 'transactionHash', header: 'Transaction Hash', render: (r) => <span title={r.transactionHash ?? ''}>{shortHash(r.transactionHash)}</span> },
  { key: 'createdAt', header: 'Date & time', render: (r) => formatDateTime(r.createdAt) },
  { key: 'timeLeft', header: 'Time Left', render: (r) => formatTimeLeft(r.timeLeft) },
];

const myColumns: Column<MyStockRow>[] = [
  { key: 'memberId', header: 'Member ID' },
  { key: 'quantity', header: 'Stock Qty.' },
  { key: 'transactionHash', header: 'Transaction Hash', render: (r) => <span title={r.transactionHash ?? ''}>{shortHash(r.transactionHash)}</span> },
  { key: 'createdAt', header: 'Date & Time', render: (r) => formatDateTime(r.createdAt) },
  { key: 'reward', header: 'Reward' },
  { key: 'timeLeft', header: 'Time Left', render: (r) => formatTimeLeft(r.timeLeft) },
];

/** SPEC §2 "User dashboard (/user/dashboard)". */
export default function Dashboard() {
  const { token, metaData } = useSite();
  const profile = useProfile();
  const [card, setCard] = useState<CardId>('globalStock');
  const [globalPage, setGlobalPage] = useState(1);
  const [myPage, setMyPage] = useState(1);
  const global = useGlobalStock(globalPage, PAGE_SIZE, card === 'globalStock');
  const mine = useMyStock(myPage, PAGE_SIZE, card === 'myStock');

  useQueryErrorToast(global.error ?? mine.error, 'Failed to fetch stock details');

  useDocumentMeta({
    title: `${metaData.title} | Dashboard`,
    description: metaData.description,
    keywords: metaData.keywords,
    icon: token.icon_url,
  });

  const globalStake = profile.data?.globalStake ?? '0.0';
  const stockBalance = profile.data?.stockBalance ?? '0.0';

  return (
    <div>
      <h1 className="h3 pl-page-title">Dashboard</h1>
      <div className="row g-3 mb-4">
        <div className="col-md-6">
          <SummaryCard
            id="globalStock"
            title="Global Stock"
            icon={<Icon name="globe" />}
            value={<span data-testid="global-stake">{String(globalStake)}</span>}
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
            value={<span data-testid="stock-balance">{String(stockBalance)}</span>}
            subValues={[token.symbol, 'Approved purchases']}
            tokenIcon={token.icon_url}
            active={card === 'myStock'}
            onSelect={(id) => setCard(id as CardId)}
          />
        </div>
      </div>

      <section className="pl-panel p-3 p-md-4">
        {card === 'globalStock' ? (
          <>
            <DataTable
              title="Global Stock Details"
              columns={globalColumns}
              rows={global.data?.records}
              rowKey={(r, i) => `${r.rank}-${i}`}
              loading={global.isLoading}
              loadingText={<span className="spinner-border spinner-border-sm" role="status" aria-label="Loading..." />}
            />
            <Pagination className="mt-3" page={globalPage} pageCount={global.data?.lastPage ?? 1} onPageChange={setGlobalPage} />
          </>
        ) : (
          <>
            <DataTable
              title="My Stock Details"
              columns={myColumns}
              rows={mine.data?.records}
              rowKey={(r, i) => `${r.transactionHash}-${i}`}
              loading={mine.isLoading}
              loadingText={<span className="spinner-border spinner-border-sm" role="status" aria-label="Loading..." />}
            />
            <Pagination className="mt-3" page={myPage} pageCount={mine.data?.lastPage ?? 1} onPageChange={setMyPage} />
          </>
        )}
      </section>
    </div>
  );
}
