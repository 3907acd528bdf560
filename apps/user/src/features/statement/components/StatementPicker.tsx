import { FilterSelect } from '@prelaunch/ui';
import { useState } from 'react';
import { useStatementDownload } from '../api/statement';
import { financialYears } from '../fy';

/** Pick a financial year and download its statement as a PDF or a CSV file. */
export function StatementPicker({ now = new Date() }: { now?: Date }) {
  const years = financialYears(now);
  const [fy, setFy] = useState(years[0]);
  const download = useStatementDownload();
  const busy = download.isPending ? download.variables?.format : undefined;
  return (
    <section className="pl-panel p-3 p-md-4" aria-labelledby="statement-title">
      <h2 id="statement-title" className="h5">
        Yearly statement
      </h2>
      <p className="small text-body-secondary">
        Every purchase you paid for in the financial year (1 April to 31 March, IST): date, order number, tokens, price, amount,
        platform charge, the GST in that charge, and status, with the totals of the approved ones.
      </p>
      <div className="row g-2 align-items-end">
        <div className="col-12 col-sm-6 col-md-4">
          <FilterSelect id="statement-fy" label="Financial year" value={fy} options={years.map((y) => ({ value: y, label: y }))} onChange={(v) => setFy(String(v))} />
        </div>
        <div className="col-12 col-sm-6 col-md-8 d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary" disabled={!!busy} onClick={() => download.mutate({ fy, format: 'pdf' })}>
            {busy === 'pdf' ? 'Downloading…' : 'Download PDF'}
          </button>
          <button type="button" className="btn btn-outline-primary" disabled={!!busy} onClick={() => download.mutate({ fy, format: 'csv' })}>
            {busy === 'csv' ? 'Downloading…' : 'Download CSV'}
          </button>
        </div>
      </div>
    </section>
  );
}
