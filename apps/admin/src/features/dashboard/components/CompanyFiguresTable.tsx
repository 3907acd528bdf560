import type { DashboardCompany } from '@prelaunch/api';
import { grouped, ListCard, ResponsiveTable, rupees, type ResponsiveColumn } from '@prelaunch/ui';
import { Link } from 'react-router';

/** The payment ways a company's buyers cannot use, as badges ("No bank details", "No UPI id"). */
export function PaymentFlags({ c }: { c: Pick<DashboardCompany, 'canTakeBank' | 'canTakeUpi'> }) {
  if (c.canTakeBank && c.canTakeUpi) return <span className="badge text-bg-success">Bank and UPI</span>;
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {!c.canTakeBank ? <span className="badge text-bg-warning">No bank details</span> : null}
      {!c.canTakeUpi ? <span className="badge text-bg-warning">No UPI id</span> : null}
    </span>
  );
}

const columns: ResponsiveColumn<DashboardCompany>[] = [
  {
    key: 'companyName',
    header: 'Company',
    card: 'title',
    className: 'pl-wrap',
    render: (c) => (
      <span className="d-inline-flex flex-column">
        <Link to={`/superadmin/company/${c.id}`} className="fw-semibold text-break">
          {c.companyName}
        </Link>
        <span className="small text-body-secondary">
          {c.tokenSymbol}
          {c.status !== 'ACTIVE' ? ` · ${c.status === 'SUSPENDED' ? 'Suspended' : c.status}` : ''}
        </span>
      </span>
    ),
  },
  { key: 'buyers', header: 'Buyers', className: 'text-end text-nowrap', render: (c) => grouped(c.buyers) },
  { key: 'pending', header: 'Pending', className: 'text-end text-nowrap', render: (c) => grouped(c.pending) },
  { key: 'approvedAmount', header: 'Approved (INR)', card: 'amount', className: 'text-end text-nowrap', render: (c) => rupees(c.approvedAmount) },
  { key: 'sold', header: 'Tokens sold', className: 'text-end text-nowrap', render: (c) => grouped(c.sold) },
  { key: 'payments', header: 'Payments', card: 'status', render: (c) => <PaymentFlags c={c} /> },
];

/** The super admin's per-company figures: most purchases waiting first, then most collected. */
export function CompanyFiguresTable({ rows, total }: { rows: DashboardCompany[]; total: number }) {
  return (
    <ListCard title="By company">
      <ResponsiveTable label="By company" columns={columns} rows={rows} rowKey={(c) => c.id} emptyText="No company yet." />
      {total > rows.length ? (
        <p className="small text-body-secondary mt-2 mb-0">
          The {grouped(rows.length)} companies with the most purchases waiting, then the most collected, of {grouped(total)}.{' '}
          <Link to="/superadmin/companymanage">Every company</Link>
        </p>
      ) : null}
    </ListCard>
  );
}
