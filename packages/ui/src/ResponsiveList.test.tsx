import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponsiveList } from './ResponsiveList';

const columns = [
  { key: 'sl', header: 'SL.No.', render: (_r: { id: string; amount: string }, i: number) => i + 1 },
  { key: 'amount', header: 'Amount' },
  { key: 'actions', header: 'Actions', render: () => <button type="button">View</button> },
];
const rows = [{ id: 'a', amount: '₹1,025.10' }];

function stubWidth(matches: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches, media: q, addEventListener() {}, removeEventListener() {} }));
}

afterEach(() => vi.unstubAllGlobals());

describe('ResponsiveList', () => {
  it('is a table on wide screens', () => {
    stubWidth(false);
    render(<ResponsiveList columns={columns} rows={rows} />);
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('is a list of cards on phones, with each value and the actions visible', () => {
    stubWidth(true);
    render(<ResponsiveList columns={columns} rows={rows} label="History" cardTitle={(r) => r.id} hideInCard={['sl']} />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'History' });
    expect(list).toHaveTextContent('Amount₹1,025.10');
    expect(list).not.toHaveTextContent('SL.No.');
    expect(screen.getByRole('button', { name: 'View' })).toBeInTheDocument();
  });

  it('says what to do when empty', () => {
    stubWidth(true);
    render(<ResponsiveList columns={columns} rows={[]} emptyText="Nothing yet: place an order." />);
    expect(screen.getByText('Nothing yet: place an order.')).toBeInTheDocument();
  });
});
