import type { ReactNode } from 'react';

export interface Stat {
  label: string;
  value: ReactNode;
}

/** A dashboard card of labelled figures. */
export function StatCard({ title, stats }: { title?: string; stats: Stat[] }) {
  return (
    <section className="card h-100 border-0 shadow-sm" aria-label={title}>
      <div className="card-body">
        {title ? <h2 className="h6 text-body-secondary mb-3">{title}</h2> : null}
        <dl className="row row-cols-3 g-2 g-sm-3 mb-0">
          {stats.map((s) => (
            <div key={s.label} className="col">
              <dt className="small text-body-secondary fw-normal">{s.label}</dt>
              <dd className="fs-4 fw-bold mb-0 text-break pl-stat-value" data-testid={`stat-${s.label}`}>
                {s.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/** Grey cards in place of the figures while the dashboard loads (never zeros). */
export function StatPlaceholder({ cards }: { cards: number }) {
  return (
    <div className="row g-3 mb-4 placeholder-glow" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading...
      </span>
      {Array.from({ length: cards }, (_, i) => (
        <div key={i} className="col-12 col-xl-6" aria-hidden="true">
          <div className="card h-100 border-0 shadow-sm">
            <div className="card-body">
              <span className="placeholder col-3 mb-3 d-block" />
              <div className="row row-cols-3 g-3">
                {[0, 1, 2].map((j) => (
                  <div key={j} className="col">
                    <span className="placeholder col-10 d-block mb-2" />
                    <span className="placeholder placeholder-lg col-6 d-block" />
                  </div>
                ))}
              </div>
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
