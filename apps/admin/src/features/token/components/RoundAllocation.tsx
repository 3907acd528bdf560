import { ADMIN_FALLBACK } from '@prelaunch/api';
import { ConfirmDialog, formatIst, grouped, LoadError, rupees, useNow } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { roundAllocationQueryOptions, useSecondPass } from '../api/token';

/**
 * The allocation of a round sold by requests: the requests as they come in (refreshed every 5 s),
 * their count, total and oversubscription; after the close each pass with its level and the
 * revealed seed, the allocations, and "Start second pass" once every allocation was ordered or lapsed.
 */
export function RoundAllocation({ roundId, name }: { roundId: string; name: string }) {
  const [page, setPage] = useState(1);
  const q = useQuery(roundAllocationQueryOptions(roundId, page));
  const [confirm, setConfirm] = useState(false);
  const second = useSecondPass(roundId, { onDone: () => setConfirm(false) });
  const now = useNow(true);
  const v = q.data?.data;
  if (q.isError) return <LoadError error={q.error} fallback={ADMIN_FALLBACK.token} onRetry={() => void q.refetch()} />;
  if (!v) return <p className="text-body-secondary" role="status">Loading the requests...</p>;
  const secondFrom = v.secondPassFrom ? Date.parse(v.secondPassFrom) : null;
  const canSecond = secondFrom !== null && secondFrom <= now;
  const headingId = `alloc-${roundId}`;
  return (
    <section className="border rounded-3 p-3 mb-3" aria-labelledby={headingId} data-testid="round-allocation">
      <h3 id={headingId} className="h6 fw-bold">{name}: requests and allocation</h3>
      <dl className="row small mb-2">
        <dt className="col-6 col-md-3">Status</dt><dd className="col-6 col-md-3" data-testid="alloc-status">{v.round.status}</dd>
        <dt className="col-6 col-md-3">Requests</dt><dd className="col-6 col-md-3" data-testid="alloc-count">{v.count}</dd>
        <dt className="col-6 col-md-3">Total asked</dt><dd className="col-6 col-md-3" data-testid="alloc-asked">{grouped(v.asked)} tokens ({rupees(v.askedAmount)})</dd>
        <dt className="col-6 col-md-3">Available</dt><dd className="col-6 col-md-3" data-testid="alloc-available">{grouped(v.available)} tokens</dd>
        <dt className="col-6 col-md-3">Oversubscription</dt>
        <dd className="col-6 col-md-3" data-testid="alloc-over">{v.oversubscription === null ? '—' : `${v.oversubscription}×`}</dd>
        <dt className="col-6 col-md-3">Window</dt><dd className="col-6 col-md-3">{formatIst(v.round.requestStartsAt)} – {formatIst(v.round.requestEndsAt)}</dd>
      </dl>
      <p className="small text-break mb-2">
        Commitment: <code data-testid="alloc-commitment">{v.round.commitment}</code>
        {v.round.seed ? <><br />Seed: <code data-testid="alloc-seed">{v.round.seed}</code></> : null}
      </p>
      {v.draws.length ? (
        <ul className="small mb-2" data-testid="alloc-draws">
          {v.draws.map((d) => (
            <li key={d.pass}>
              Pass {d.pass} ({formatIst(d.at)}): level <strong data-testid={`alloc-level-${d.pass}`}>{grouped(d.level)}</strong>, {grouped(d.allocated)} of{' '}
              {grouped(d.available)} tokens to {d.requests} {d.requests === 1 ? 'request' : 'requests'} asking {grouped(d.asked)}.
            </li>
          ))}
        </ul>
      ) : null}
      <div className="table-responsive">
        <table className="table table-sm align-middle small mb-2">
          <caption className="caption-top">Requests, largest first</caption>
          <thead><tr><th scope="col">Buyer</th><th scope="col">Email</th><th scope="col" className="text-end">Asked (₹)</th><th scope="col" className="text-end">Tokens</th><th scope="col" className="text-end">Allocated</th></tr></thead>
          <tbody>
            {v.requests.records.length === 0 ? (
              <tr><td colSpan={5} className="text-body-secondary">No requests yet.</td></tr>
            ) : v.requests.records.map((r) => (
              <tr key={r.userId} data-testid="alloc-request">
                <td>{r.name}</td><td className="text-break">{r.email}</td>
                <td className="text-end text-nowrap">{rupees(r.amount)}</td><td className="text-end">{grouped(r.quantity)}</td><td className="text-end">{grouped(r.allocated)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {v.allocations.records.length ? (
        <div className="table-responsive">
          <table className="table table-sm align-middle small mb-2">
            <caption className="caption-top">Allocations</caption>
            <thead><tr><th scope="col">Buyer</th><th scope="col">Pass</th><th scope="col" className="text-end">Tokens</th><th scope="col" className="text-end">Amount</th><th scope="col">Pay by</th><th scope="col">Status</th></tr></thead>
            <tbody>
              {v.allocations.records.map((a) => (
                <tr key={`${a.userId}-${a.pass}`} data-testid="alloc-row">
                  <td>{a.name}</td><td>{a.pass}</td><td className="text-end">{grouped(a.quantity)}</td>
                  <td className="text-end text-nowrap">{rupees(a.amount)}</td><td className="text-nowrap">{formatIst(a.payBy)}</td><td>{a.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {Math.max(v.requests.lastPage, v.allocations.lastPage) > 1 ? (
        <div className="d-flex gap-2 mb-2">
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>Previous</button>
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={page >= Math.max(v.requests.lastPage, v.allocations.lastPage)} onClick={() => setPage((p) => p + 1)}>Next</button>
        </div>
      ) : null}
      {v.round.status === 'ALLOCATED' ? (
        <>
          <button type="button" className="btn btn-outline-primary" disabled={!canSecond} onClick={() => setConfirm(true)}>Start second pass</button>
          {!canSecond && v.secondPassFrom ? <span className="small ms-2">Possible from {formatIst(v.secondPassFrom)}.</span> : null}
          <ConfirmDialog show={confirm} title="Start second pass" message="Share the tokens of unpaid allocations among the requests still short?"
            target={name} confirmLabel="Start second pass" pending={second.isPending} onConfirm={() => second.mutate(undefined)}
            onClose={() => setConfirm(false)}>
            <p className="small mb-0">Allocations not ordered by their pay-by lapse; each buyer who gets more is emailed and has the round&apos;s payment hours to pay.</p>
          </ConfirmDialog>
        </>
      ) : null}
    </section>
  );
}
