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
