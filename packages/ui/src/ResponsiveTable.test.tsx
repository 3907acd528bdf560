import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponsiveTable, type ResponsiveColumn } from './ResponsiveTable';

interface Row {
  id: number;
  order: string;
  amount: string;
  status: string;
}

const columns: ResponsiveColumn<Row>[] = [
  { key: 'order', header: 'Order No.', card: 'title' },
  { key: 'amount', header: 'Final Amount', card: 'amount' },
  { key: 'status', header: 'Status', card: 'status' },
  { key: 'action', header: 'Action', card: 'actions', render: (r) => <button type="button">Approve {r.order}</button> },
];
const rows: Row[] = [{ id: 1, order: 'PUR-1', amount: '₹1,020.00', status: 'PENDING' }];

function phone(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('ResponsiveTable', () => {
  it('is a table from 768 px', () => {
    phone(false);
    render(<ResponsiveTable label="Requests" columns={columns} rows={rows} />);
    expect(screen.getByRole('columnheader', { name: 'Final Amount' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Requests' })).toHaveAttribute('tabindex', '0');
  });

  it('is a card per row below 768 px with status, amount and actions', () => {
    phone(true);
    render(<ResponsiveTable label="Requests" columns={columns} rows={rows} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Requests' });
    expect(list).toHaveTextContent('PUR-1');
    expect(list).toHaveTextContent('PENDING');
    expect(list).toHaveTextContent('₹1,020.00');
    expect(screen.getByRole('button', { name: 'Approve PUR-1' })).toBeInTheDocument();
  });

  it('shows placeholders while loading, never the empty text', () => {
    render(<ResponsiveTable columns={columns} rows={undefined} loading emptyText="No data available." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('No data available.')).not.toBeInTheDocument();
  });

  it('shows the error with Retry instead of the empty text', () => {
    const retry = vi.fn();
    render(<ResponsiveTable columns={columns} rows={undefined} error={new Error('boom')} errorFallback="Failed to fetch" onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch');
    expect(screen.queryByText(/No data available/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('says what to do next when empty', () => {
    render(<ResponsiveTable columns={columns} rows={[]} emptyText="No data available. Add one with Add User." />);
    expect(screen.getByText('No data available. Add one with Add User.')).toBeInTheDocument();
  });
});
