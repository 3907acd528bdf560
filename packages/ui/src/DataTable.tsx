import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';

export const NO_DATA_TEXT = 'No data available.';
export const MISSING_CELL_TEXT = 'N/A';

export interface Column<Row> {
  /** Stable key; also the row property read when no render function is given. */
  key: string;
  header: ReactNode;
  render?: (row: Row, index: number) => ReactNode;
  className?: string;
}

export interface DataTableProps<Row> {
  title?: ReactNode;
  columns: Column<Row>[];
  rows?: Row[] | null;
  /** Row key; defaults to the row's id, else its index. */
  rowKey?: (row: Row, index: number) => string | number;
  loading?: boolean;
  loadingText?: ReactNode;
  emptyText?: ReactNode;
}

function isMissing(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** SPEC §2 generic table: title, headers and rows; 'No data available.' when empty, 'N/A' for a missing cell. */
export function DataTable<Row>({
  title,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingText = 'Loading...',
  emptyText = NO_DATA_TEXT,
}: DataTableProps<Row>) {
  const list = Array.isArray(rows) ? rows : [];
  const keyOf = (row: Row, i: number) =>
    rowKey ? rowKey(row, i) : ((row as { id?: string | number } | null)?.id ?? i);

  return (
    <div className="pl-datatable">
      {title ? <h2 className="h5 mb-3">{title}</h2> : null}
      <Table responsive hover className="align-middle mb-0">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <tr>
              <td colSpan={columns.length} className="text-center text-muted py-4">
                {loadingText}
              </td>
            </tr>
          ) : list.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="text-center text-muted py-4">
                {emptyText}
              </td>
            </tr>
          ) : (
            list.map((row, i) => (
              <tr key={keyOf(row, i)}>
                {columns.map((c) => {
                  const value = c.render
                    ? c.render(row, i)
                    : (row as Record<string, unknown> | null)?.[c.key];
                  return (
                    <td key={c.key} className={c.className}>
                      {isMissing(value) ? MISSING_CELL_TEXT : (value as ReactNode)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </div>
  );
}
