import type { Distribution } from '@prelaunch/api';
import { ExportButton, formatIst } from '@prelaunch/ui';
import { useState } from 'react';
import { api } from '../../../api';
import { DISTRIBUTION_FALLBACK } from '../api/distribution';
import { units } from '../form';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="col-6 col-lg-3">
      <div className="border rounded p-2 h-100">
        <div className="small text-body-secondary">{label}</div>
        <div className="fw-semibold text-break">{value}</div>
      </div>
    </div>
  );
}

/** The treasury, the totals (in tokens) and the claim downloads. */
export function DistributionOverview({ settings }: { settings: Distribution }) {
  const d = settings.chain.decimals;
  const t = settings.treasury;
  // One moment for both downloads, so the CSV lists exactly the tree's leaves.
  const [at, setAt] = useState(() => new Date(Math.floor(Date.now() / 1000) * 1000).toISOString());
  return (
    <>
      <section className="card mb-4" aria-labelledby="dist-totals">
        <div className="card-body">
          <h2 id="dist-totals" className="h5">
            Totals (tokens)
          </h2>
          <div className="row g-2">
            <Figure label="Allocated" value={units(settings.totals.allocated, d)} />
            <Figure label="Unlocked" value={units(settings.totals.unlocked, d)} />
            <Figure label="Delivered" value={units(settings.totals.delivered, d)} />
            <Figure label="Queued" value={units(settings.totals.queued, d)} />
          </div>
        </div>
      </section>
      <section className="card mb-4" aria-labelledby="dist-treasury">
        <div className="card-body">
          <h2 id="dist-treasury" className="h5">
            Treasury
          </h2>
          {t.reason ? (
            <p className="mb-0 text-body-secondary" role="status">
              {t.reason}
            </p>
          ) : (
            <dl className="row mb-0">
              <dt className="col-sm-3">Address</dt>
              <dd className="col-sm-9 text-break font-monospace">{t.address ?? '—'}</dd>
              <dt className="col-sm-3">Token balance</dt>
              <dd className="col-sm-9">{units(t.tokenBalance, d)}</dd>
              <dt className="col-sm-3">Gas balance</dt>
              <dd className="col-sm-9">{units(t.gasBalance, 18)}</dd>
            </dl>
          )}
        </div>
      </section>
      <section className="card mb-4" aria-labelledby="dist-claims">
        <div className="card-body">
          <h2 id="dist-claims" className="h5">
            Claims
          </h2>
          <p className="small text-body-secondary">
            Every proved wallet with its unlocked amount now (in the token's smallest unit): the Merkle tree for a claim contract
            (OpenZeppelin StandardMerkleTree) and the same list as CSV.
          </p>
          <p className="small mb-2" data-testid="snapshot">
            Amounts as of <strong>{formatIst(at)}</strong>{' '}
            <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => setAt(new Date(Math.floor(Date.now() / 1000) * 1000).toISOString())}>
              Use now
            </button>
          </p>
          <div className="d-flex flex-wrap gap-2">
            <ExportButton label="Download merkle.json" download={() => api.distributionMerkle(at)} fallback={DISTRIBUTION_FALLBACK.merkle} />
            <ExportButton label="Download claims.csv" download={() => api.distributionClaims(at)} fallback={DISTRIBUTION_FALLBACK.claims} />
          </div>
        </div>
      </section>
    </>
  );
}
