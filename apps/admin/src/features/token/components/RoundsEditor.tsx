import { FormInput, grouped, num, SaleProgress, soldPercent, useMediaQuery } from '@prelaunch/ui';
import { emptyRound, errorText, moveRow, type RoundRow, type SectionProps, type TokenForm } from '../form';
import { Fragment } from 'react';
import { RoundAllocation } from './RoundAllocation';
import { SettingsCard } from './SettingsSections';

type RoundField = 'name' | 'price' | 'allocation' | 'startsAt' | 'endsAt';

const COLUMNS: { field: RoundField; label: string; type?: string; inputMode?: 'decimal' | 'numeric'; card: string }[] = [
  { field: 'name', label: 'Name', card: 'col-12 col-md-4' },
  { field: 'price', label: 'Price (₹)', inputMode: 'decimal', card: 'col-6 col-md-4' },
  { field: 'allocation', label: 'Allocation (tokens)', inputMode: 'numeric', card: 'col-6 col-md-4' },
  { field: 'startsAt', label: 'Starts at', type: 'datetime-local', card: 'col-12 col-md-6' },
  { field: 'endsAt', label: 'Ends at', type: 'datetime-local', card: 'col-12 col-md-6' },
];

/**
 * Rounds: stage pricing as an editable list. The order of the rows is the rounds'
 * position (the first row is round 1); a round's id and sold count are the server's.
 */
export function RoundsEditor({ form, update, errors }: SectionProps) {
  // Below 1400 px (phones, tablets, a laptop's width beside the sidebar) each round is a card:
  // seven inputs in a row need the room of a wide screen.
  const cards = useMediaQuery('(max-width: 1399.98px)');
  const rounds = form.rounds;
  const setRounds = (change: (rows: RoundRow[]) => RoundRow[]) => update((f: TokenForm) => ({ ...f, rounds: change(f.rounds) }));
  const setField = (index: number, field: RoundField, value: string) =>
    setRounds((rows) => rows.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
  const allocated = rounds.reduce((sum, r) => sum + num(r.allocation), 0);
  const setRow = (index: number, patch: Partial<RoundRow>) => setRounds((rows) => rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  // Sold by requests: the mode, the request window and the payment hours (docs/guide.md, Token Settings).
  const requests = (r: RoundRow, i: number) => (
    <div className="row g-2 mt-1" data-testid="round-mode">
      <div className="col-12 col-md-3">
        <label className="form-label small mb-1" htmlFor={`round-${i + 1}-mode`}>Round {i + 1} sold by</label>
        <select id={`round-${i + 1}-mode`} className="form-select form-select-sm" value={r.mode}
          onChange={(e) => setRow(i, { mode: e.target.value === 'REQUESTS' ? 'REQUESTS' : 'FCFS' })}>
          <option value="FCFS">First come, first served</option>
          <option value="REQUESTS">Requests (allocated at the close)</option>
        </select>
      </div>
      {r.mode === 'REQUESTS' ? (
        <>
          <div className="col-6 col-md-3">
            <FormInput label="Requests from" type="datetime-local" size="sm" value={r.requestStartsAt} className="mb-0"
              error={errorText(errors, `rounds.${i}.requestStartsAt`)} onChange={(e) => setRow(i, { requestStartsAt: e.target.value })} />
          </div>
          <div className="col-6 col-md-3">
            <FormInput label="Requests until" type="datetime-local" size="sm" value={r.requestEndsAt} className="mb-0"
              error={errorText(errors, `rounds.${i}.requestEndsAt`)} onChange={(e) => setRow(i, { requestEndsAt: e.target.value })} />
          </div>
          <div className="col-6 col-md-3">
            <FormInput label="Hours to pay" inputMode="numeric" size="sm" value={r.paymentHours} className="mb-0"
              error={errorText(errors, `rounds.${i}.paymentHours`)} onChange={(e) => setRow(i, { paymentHours: e.target.value })} />
          </div>
          {r.commitment ? (
            <p className="col-12 small text-body-secondary text-break mb-0">
              Draw commitment (SHA-256 of its seed): <code>{r.commitment}</code>
            </p>
          ) : null}
        </>
      ) : null}
      {errorText(errors, `rounds.${i}.mode`) ? <p className="col-12 small text-danger mb-0">{errorText(errors, `rounds.${i}.mode`)}</p> : null}
    </div>
  );
  const listError = errorText(errors, 'rounds');

  const actions = (r: RoundRow, i: number, compact = false) => {
    const label = r.name.trim() || `round ${i + 1}`;
    return (
      <div className="btn-group btn-group-sm" role="group" aria-label={`Arrange ${label}`}>
        <button type="button" className="btn btn-outline-secondary" aria-label={`Move ${label} up`} disabled={i === 0} onClick={() => setRounds((rows) => moveRow(rows, i, -1))}>
          ↑
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label={`Move ${label} down`}
          disabled={i === rounds.length - 1}
          onClick={() => setRounds((rows) => moveRow(rows, i, 1))}
        >
          ↓
        </button>
        <button
          type="button"
          className="btn btn-outline-danger"
          aria-label={`Remove ${label}`}
          disabled={r.sold > 0}
          title={r.sold > 0 ? 'A round that has sold tokens cannot be removed.' : undefined}
          onClick={() => setRounds((rows) => rows.filter((_, j) => j !== i))}
        >
          {compact ? '×' : 'Remove'}
        </button>
      </div>
    );
  };

  const field = (r: RoundRow, i: number, c: (typeof COLUMNS)[number], showLabel: boolean) => (
    <FormInput
      label={showLabel ? c.label : undefined}
      aria-label={showLabel ? undefined : `Round ${i + 1} ${c.label.toLowerCase()}`}
      type={c.type ?? 'text'}
      inputMode={c.inputMode}
      autoComplete="off"
      size={showLabel ? undefined : 'sm'}
      value={r[c.field]}
      error={errorText(errors, `rounds.${i}.${c.field}`)}
      onChange={(e) => setField(i, c.field, e.target.value)}
      className="mb-0"
    />
  );

  const progress = (r: RoundRow, i: number, compact = false) => (
    <SaleProgress
      sold={r.sold}
      allocation={num(r.allocation)}
      label={`Round ${i + 1} ${r.name} sold`}
      caption={compact ? `${grouped(r.sold)} sold (${soldPercent(r.sold, num(r.allocation))}%)` : undefined}
    />
  );

  return (
    <SettingsCard
      id="token-rounds"
      title="Rounds"
      hint="Each round sells its allocation at its price, in order; the current round is the first one with tokens left whose window holds now. With no rounds, the token's price applies."
    >
      {listError ? (
        <div className="alert alert-danger py-2" role="alert" data-testid="rounds-error">
          {listError}
        </div>
      ) : null}
      {rounds.length === 0 ? (
        <p className="text-body-secondary mb-3">No rounds: every order takes the token's price. Add a round to sell in stages.</p>
      ) : cards ? (
        <ol className="list-unstyled mb-3 d-grid gap-3" aria-label="Rounds">
          {rounds.map((r, i) => (
            <li key={r.key} className="border rounded-3 p-3" data-testid="round-card">
              <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
                <h3 className="h6 mb-0">Round {i + 1}</h3>
                {actions(r, i)}
              </div>
              <div className="row g-2">
                {COLUMNS.map((c) => (
                  <div key={c.field} className={c.card}>
                    {field(r, i, c, true)}
                  </div>
                ))}
              </div>
              {requests(r, i)}
              <div className="mt-2">{progress(r, i)}</div>
              {r.id && r.mode === 'REQUESTS' && r.drawStatus !== 'NONE' ? <div className="mt-2"><RoundAllocation roundId={r.id} name={r.name} /></div> : null}
            </li>
          ))}
        </ol>
      ) : (
        <div className="table-responsive mb-3">
          <table className="table table-sm align-middle pl-rounds-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                {COLUMNS.map((c) => (
                  <th key={c.field} scope="col" className={`pl-round-col-${c.field}`}>
                    {c.label}
                  </th>
                ))}
                <th scope="col" className="pl-round-col-progress">Progress</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((r, i) => (
                <Fragment key={r.key}>
                  <tr data-testid="round-row">
                    <th scope="row" title={r.id ? undefined : 'New round'}>
                      {i + 1}
                    </th>
                    {COLUMNS.map((c) => (
                      <td key={c.field}>{field(r, i, c, false)}</td>
                    ))}
                    <td>{progress(r, i, true)}</td>
                    <td className="text-nowrap">{actions(r, i, true)}</td>
                  </tr>
                  <tr>
                    <td colSpan={COLUMNS.length + 3}>
                      {requests(r, i)}
                      {r.id && r.mode === 'REQUESTS' && r.drawStatus !== 'NONE' ? <div className="mt-2"><RoundAllocation roundId={r.id} name={r.name} /></div> : null}
                    </td>
                  </tr>
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="d-flex flex-wrap align-items-center gap-3">
        <button type="button" className="btn btn-outline-primary" onClick={() => setRounds((rows) => [...rows, emptyRound()])}>
          Add round
        </button>
        {rounds.length ? (
          <span className="small text-body-secondary" data-testid="rounds-allocated">
            Allocated {grouped(allocated)} of {grouped(num(form.supply.privateSupply))} private supply
          </span>
        ) : null}
      </div>
    </SettingsCard>
  );
}
