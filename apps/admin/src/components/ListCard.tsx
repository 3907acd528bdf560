import type { ReactNode } from 'react';

/** The white card that wraps a page's list: header row (title, filters, actions), table, pagination. */
export function ListCard({ title, tools, children }: { title: ReactNode; tools?: ReactNode; children: ReactNode }) {
  return (
    <section className="card border-0 shadow-sm">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 className="h5 mb-0 me-auto">{title}</h2>
          {tools}
        </div>
        {children}
      </div>
    </section>
  );
}
