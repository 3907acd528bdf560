import { useEffect, useRef, type ReactNode } from 'react';
import { useMediaQuery } from './ResponsiveTable';
import { DataTable, MISSING_CELL_TEXT, NO_DATA_TEXT, type Column, type DataTableProps } from './DataTable';

/** Below this width (px) lists show each row as a card (DESIGN §16 "Phones"). */
export const CARD_BREAKPOINT = 768;

/** True below CARD_BREAKPOINT. */
export function useCardMode(): boolean {
  return useMediaQuery(`(max-width: ${CARD_BREAKPOINT - 0.02}px)`);
}

export interface CardListProps<Row> extends DataTableProps<Row> {
  /** The card's heading; defaults to the first column. */
  cardTitle?: (row: Row, index: number) => ReactNode;
  /** Column keys left out of the card body (e.g. the serial number). */
  hideInCard?: string[];
  /** The column key whose cell is the card's actions, shown at the bottom; default 'actions'. */
  actionsKey?: string;
  /** Accessible name of the list. */
  label?: string;
}

function isMissing(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** Every row as a card: a title, each column as label and value, the actions at the bottom. */
export function CardList<Row>({
  title,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingText = 'Loading...',
  emptyText = NO_DATA_TEXT,
  cardTitle,
  hideInCard = [],
  actionsKey = 'actions',
  label,
}: CardListProps<Row>) {
  const list = Array.isArray(rows) ? rows : [];
  const keyOf = (row: Row, i: number) => (rowKey ? rowKey(row, i) : ((row as { id?: string | number } | null)?.id ?? i));
  const cell = (c: Column<Row>, row: Row, i: number): ReactNode => {
    const v = c.render ? c.render(row, i) : (row as Record<string, unknown> | null)?.[c.key];
    return isMissing(v) ? MISSING_CELL_TEXT : (v as ReactNode);
  };
  const actions = columns.find((c) => c.key === actionsKey);
  const body = columns.filter((c) => c !== actions && !hideInCard.includes(c.key));

  return (
    <div className="pl-cardlist">
      {title ? <h2 className="h5 mb-3">{title}</h2> : null}
      {loading ? (
        <div className="text-center text-muted py-4">{loadingText}</div>
      ) : list.length === 0 ? (
        <div className="text-center text-muted py-4">{emptyText}</div>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-2 mb-0" aria-label={label}>
          {list.map((row, i) => (
            <li key={keyOf(row, i)} className="pl-card-row border rounded-3 p-3">
              {cardTitle ? <div className="fw-semibold mb-2">{cardTitle(row, i)}</div> : null}
              <dl className="pl-card-fields mb-0">
                {body.map((c) => (
                  <div key={c.key} className="d-flex justify-content-between gap-3 py-1">
                    <dt className="fw-normal text-body-secondary">{c.header}</dt>
                    <dd className="mb-0 fw-semibold text-end text-break">{cell(c, row, i)}</dd>
                  </div>
                ))}
              </dl>
              {actions ? <div className="d-flex flex-wrap gap-2 mt-2">{cell(actions, row, i)}</div> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** DataTable from 768 px up, CardList below (DESIGN §16 "Phones"). */
export function ResponsiveList<Row>(props: CardListProps<Row>) {
  const cards = useCardMode();
  const wrap = useRef<HTMLDivElement>(null);
  // A table wider than its box scrolls: keyboard users reach that region too (axe scrollable-region-focusable).
  useEffect(() => {
    wrap.current?.querySelectorAll<HTMLElement>('.table-responsive').forEach((el) => {
      el.tabIndex = 0;
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', props.label ?? (typeof props.title === 'string' ? props.title : 'Table'));
    });
  });
  if (cards) return <CardList {...props} />;
  const { cardTitle: _t, hideInCard: _h, actionsKey: _a, label: _l, ...table } = props;
  void _t;
  void _h;
  void _a;
  void _l;
  return (
    <div ref={wrap}>
      <DataTable {...table} />
    </div>
  );
}
