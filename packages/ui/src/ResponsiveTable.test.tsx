import { act, fireEvent, render, screen } from '@testing-library/react';
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

/** Lays the page out: every box `box` px wide, the table's scroll box holding `table` px. */
function layout(box: number, table: number) {
  const widths = { box, table };
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => widths.box);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('table-responsive') ? widths.table : widths.box;
  });
  return widths;
}

/** A ResizeObserver the test fires by hand. */
function resizeObserver() {
  const observers: (() => void)[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private cb: () => void) {}
      observe() {
        observers.push(this.cb);
      }
      disconnect() {
        observers.splice(observers.indexOf(this.cb), 1);
      }
    },
  );
  return () => act(() => observers.forEach((cb) => cb()));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

  it('stays a table at a desk width even when the table is wider than its box (it scrolls; never cards)', () => {
    phone(false);
    const widths = layout(600, 900);
    const resized = resizeObserver();
    render(<ResponsiveTable label="Requests" columns={columns} rows={rows} />);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Requests' })).not.toBeInTheDocument();
    widths.box = 400;
    resized();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Requests' })).toHaveAttribute('tabindex', '0');
    // The actions column stays pinned at the box's right edge while the table scrolls.
    expect(screen.getByRole('button', { name: 'Approve PUR-1' }).closest('td')).toHaveClass('pl-col-sticky');
    expect(screen.getByRole('columnheader', { name: 'Action' })).toHaveClass('pl-col-sticky');
  });

  it('takes a heading, names its list after it, leaves hidden columns off the card and shows every other field', () => {
    phone(true);
    const cols: ResponsiveColumn<Row & { sl?: number }>[] = [
      { key: 'sl', header: 'SL.No.', card: 'hidden', render: (_r, i) => i + 1 },
      ...columns,
      { key: 'note', header: 'Note' },
    ];
    render(<ResponsiveTable title="Payments" columns={cols} rows={rows} />);
    expect(screen.getByRole('heading', { name: 'Payments' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Payments' });
    expect(list).not.toHaveTextContent('SL.No.');
    expect(list).toHaveTextContent('NoteN/A');
  });

  it('shows placeholders while loading, never the empty text', () => {
    const { rerender } = render(<ResponsiveTable columns={columns} rows={undefined} loading emptyText="No data available." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    rerender(<ResponsiveTable columns={columns} rows={undefined} loading loadingText="Loading transactions..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading transactions...');
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

  it('says what to do next when empty, on a phone too', () => {
    phone(true);
    render(<ResponsiveTable columns={columns} rows={[]} emptyText="Nothing yet: place an order." />);
    expect(screen.getByText('Nothing yet: place an order.')).toBeInTheDocument();
  });

  it('says what to do next when empty', () => {
    render(<ResponsiveTable columns={columns} rows={[]} emptyText="No data available. Add one with Add User." />);
    expect(screen.getByText('No data available. Add one with Add User.')).toBeInTheDocument();
  });
});

describe('ResponsiveTable row details', () => {
  afterEach(() => vi.unstubAllGlobals());
  const detail = (r: Row) => (r.id === 1 ? <p>Details of {r.order}</p> : null);
  const two: Row[] = [...rows, { id: 2, order: 'PUR-2', amount: '₹5.00', status: 'APPROVED' }];

  it('shows an open row’s details on a full-width line under it, and nothing for a folded row', () => {
    phone(false);
    render(<ResponsiveTable label="Orders" columns={columns} rows={two} detail={detail} />);
    const line = screen.getByText('Details of PUR-1').closest('td');
    expect(line).toHaveAttribute('colspan', String(columns.length));
    expect(screen.queryByText('Details of PUR-2')).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(4); // header, PUR-1, its details, PUR-2
  });

  it('puts the details at the end of the card on a phone', () => {
    phone(true);
    render(<ResponsiveTable label="Orders" columns={columns} rows={two} detail={detail} />);
    const cards = screen.getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Details of PUR-1');
    expect(cards[1]).not.toHaveTextContent('Details of');
  });
});

describe('ResponsiveTable cells', () => {
  interface Plain {
    id: number;
    name: string | null;
    qty?: number;
  }
  const plain: ResponsiveColumn<Plain>[] = [
    { key: 'name', header: 'Name' },
    { key: 'qty', header: 'Qty' },
  ];

  it("shows 'No data available.' for an empty or a missing list", () => {
    const { rerender } = render(<ResponsiveTable columns={plain} rows={[]} />);
    expect(screen.getByText('No data available.')).toBeInTheDocument();
    rerender(<ResponsiveTable columns={plain} rows={undefined} />);
    expect(screen.getByText('No data available.')).toBeInTheDocument();
  });

  it("shows 'N/A' for missing cells and keeps present values, including 0", () => {
    const list: Plain[] = [
      { id: 1, name: 'Asha', qty: 0 },
      { id: 2, name: null },
      { id: 3, name: '', qty: 5 },
    ];
    render(<ResponsiveTable columns={plain} rows={list} />);
    const cells = screen.getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['Asha', '0', 'N/A', 'N/A', 'N/A', '5']);
  });
});

describe('ResponsiveTable selection and sort', () => {
  afterEach(() => vi.unstubAllGlobals());
  const two: Row[] = [...rows, { id: 2, order: 'PUR-2', amount: '₹5.00', status: 'PENDING' }];

  it('selects a row, then the whole page, then clears the page', () => {
    phone(false);
    let selected = new Set<string>();
    const onChange = vi.fn((next: Set<string>) => (selected = next));
    const { rerender } = render(
      <ResponsiveTable label="Requests" columns={columns} rows={two} selection={{ selected, onChange, rowLabel: (r) => r.order }} />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select PUR-2' }));
    expect([...selected]).toEqual(['2']);
    rerender(<ResponsiveTable label="Requests" columns={columns} rows={two} selection={{ selected, onChange, rowLabel: (r) => r.order }} />);
    expect(screen.getByRole('checkbox', { name: 'Select PUR-2' })).toBeChecked();
    expect((screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement).indeterminate).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect([...selected].sort()).toEqual(['1', '2']);
    rerender(<ResponsiveTable label="Requests" columns={columns} rows={two} selection={{ selected, onChange, rowLabel: (r) => r.order }} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(selected.size).toBe(0);
  });

  it('offers the boxes on phone cards too, and none for a row that cannot be selected', () => {
    phone(true);
    render(
      <ResponsiveTable
        label="Requests"
        columns={columns}
        rows={two}
        selection={{ selected: new Set(), onChange: () => undefined, rowLabel: (r) => r.order, selectable: (r) => r.id === 1 }}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Select PUR-1' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select PUR-2' })).toBeNull();
  });

  it('sorts by a header: aria-sort on the column, the other direction on a second click', () => {
    phone(false);
    const onChange = vi.fn();
    const cols: ResponsiveColumn<Row>[] = columns.map((c) => (c.key === 'amount' ? { ...c, sortKey: 'amount' } : c));
    render(<ResponsiveTable label="Requests" columns={cols} rows={two} sort={{ key: 'amount', dir: 'desc', onChange }} />);
    expect(screen.getByRole('columnheader', { name: /Final Amount/ })).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(screen.getByRole('button', { name: /Final Amount/ }));
    expect(onChange).toHaveBeenCalledWith('amount', 'asc');
  });
});
