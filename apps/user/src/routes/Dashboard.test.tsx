import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const profileGet = vi.fn();
const globalStockList = vi.fn();
const transactionList = vi.fn();
const stockDelivery = vi.fn();
vi.mock('../api', () => ({
  api: {
    profileGet: () => profileGet(),
    globalStockList: (q: unknown) => globalStockList(q),
    myStockList: () => new Promise(() => {}),
    stockDelivery: () => stockDelivery(),
    transactionList: (q: unknown) => transactionList(q),
  },
}));
vi.stubGlobal('fetch', async () => ({ ok: false, status: 503, json: async () => ({}) }));

import Dashboard from './Dashboard';

function renderDashboard() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <Dashboard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  profileGet.mockReset();
  globalStockList.mockReset();
  transactionList.mockReset();
  stockDelivery.mockReset().mockReturnValue(new Promise(() => {}));
  vi.spyOn(console, 'error').mockImplementation(() => {});
  transactionList.mockResolvedValue({ message: 'ok', data: { records: [], total: 0, page: 1, limit: 5, lastPage: 0 } });
  globalStockList.mockResolvedValue({
    message: 'ok',
    data: {
      records: [{ rank: 1, walletAddress: '0x12ab…cdef', memberId: 'PL-7K****2X', quantity: '125000', since: '2026-11-21T10:30:00Z' }],
      total: 1,
      page: 1,
      limit: 10,
      lastPage: 1,
    },
  });
});

describe('Dashboard figures', () => {
  it('shows the balances and stock quantities as grouped whole tokens', async () => {
    profileGet.mockResolvedValue({ status: true, data: { globalStake: 125000, stockBalance: 1000 } });
    renderDashboard();
    expect(await screen.findByText(/^1,25,000$/, { selector: '[data-testid="global-stake"]' })).toBeInTheDocument();
    expect(screen.getByTestId('stock-balance')).toHaveTextContent(/^1,000$/);
    expect((await screen.findAllByText('1,25,000')).length).toBeGreaterThan(1);
  });

  it('shows placeholders while the balances load, not 0.0', async () => {
    profileGet.mockReturnValue(new Promise(() => {}));
    renderDashboard();
    expect(screen.getByTestId('global-stake')).not.toHaveTextContent('0');
    expect(screen.getByTestId('global-stake').querySelector('.placeholder')).not.toBeNull();
  });
});
