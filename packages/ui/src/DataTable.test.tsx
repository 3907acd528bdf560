import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './DataTable';

interface Row {
  id: number;
  name: string | null;
  qty?: number;
}

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name' },
  { key: 'qty', header: 'Qty' },
];

describe('DataTable', () => {
  it('shows the title and the column headers', () => {
    render(<DataTable title="My Stock Details" columns={columns} rows={[]} />);
    expect(screen.getByRole('heading', { name: 'My Stock Details' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Qty' })).toBeInTheDocument();
  });

  it("shows 'No data available.' for an empty list", () => {
    render(<DataTable columns={columns} rows={[]} />);
    expect(screen.getByText('No data available.')).toBeInTheDocument();
  });

  it("shows 'No data available.' for a missing list", () => {
    render(<DataTable columns={columns} rows={undefined} />);
    expect(screen.getByText('No data available.')).toBeInTheDocument();
  });

  it("shows 'N/A' for missing cells and keeps present values, including 0", () => {
    const rows: Row[] = [
      { id: 1, name: 'Asha', qty: 0 },
      { id: 2, name: null },
      { id: 3, name: '', qty: 5 },
    ];
    render(<DataTable columns={columns} rows={rows} />);
    const cells = screen.getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['Asha', '0', 'N/A', 'N/A', 'N/A', '5']);
    expect(screen.queryByText('No data available.')).toBeNull();
  });

  it('uses render functions for computed cells', () => {
    render(
      <DataTable
        columns={[{ key: 'x', header: 'X', render: (r: Row) => `#${r.id}` }]}
        rows={[{ id: 7, name: 'a' }]}
      />,
    );
    expect(screen.getByRole('cell', { name: '#7' })).toBeInTheDocument();
  });
});
