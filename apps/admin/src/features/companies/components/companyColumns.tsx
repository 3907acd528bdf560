import type { Company } from '@prelaunch/api';
import { maskAadhaar, rupees, serial, StatusBadge, tokens, ymd, type ResponsiveColumn } from '@prelaunch/ui';
import { Link } from 'react-router';

/** Where a company's detail page is. */
export const companyPath = (id: string) => `/superadmin/company/${encodeURIComponent(id)}`;

/** The host names of a company, or that it has none yet. */
export function DomainList({ domains }: { domains: readonly string[] }) {
  if (!domains.length) return <span className="text-body-secondary">No domain yet</span>;
  return (
    <ul className="list-unstyled mb-0">
      {domains.map((d) => (
        <li key={d} className="text-break">
          {d}
        </li>
      ))}
    </ul>
  );
}

/** Buyers, approved INR and tokens sold, one per line. */
export function FiguresCell({ company }: { company: Company }) {
  const f = company.figures;
  return (
    <span className="d-inline-flex flex-column small text-nowrap">
      <span>Buyers: {f.buyers.toLocaleString('en-IN')}</span>
      <span>Approved: {rupees(f.approvedAmount)}</span>
      <span>Sold: {tokens(f.tokensSold, company.tokenSymbol)}</span>
    </span>
  );
}

/** What a company's page needs to go back to the same list (its search and status). */
export interface CompanyLinkState {
  list: string;
}

/**
 * Company Manage's columns, with the domains, status and figures; the name opens
 * the company, remembering `listSearch` (the list's ?search=&status=) for its Back link.
 */
export function companyColumns(page: number, limit: number, listSearch = ''): ResponsiveColumn<Company>[] {
  const state: CompanyLinkState = { list: listSearch };
  return [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i), card: 'hidden' },
    {
      key: 'companyName',
      header: 'Name',
      card: 'title',
      className: 'pl-wrap',
      render: (r) => (
        <span className="d-inline-flex flex-column">
          <Link to={companyPath(r.id)} state={state} className="fw-semibold">
            {r.companyName}
          </Link>
          <span className="small text-body-secondary fw-normal">
            <span className="visually-hidden">Token </span>
            {r.tokenSymbol} · {r.tokenName}
          </span>
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      card: 'status',
      render: (r) => (
        <span className="d-inline-flex flex-column align-items-start">
          <StatusBadge status={r.status} />
          <span className="small text-body-secondary text-nowrap">Added {ymd(r.createdAt)}</span>
        </span>
      ),
    },
    {
      key: 'contact',
      header: 'Email / Mobile',
      cardLabel: 'Contact',
      render: (r) => (
        <span className="d-inline-flex flex-column">
          <span className="text-break">{r.email}</span>
          <span className="small text-body-secondary">{r.mobile}</span>
        </span>
      ),
    },
    { key: 'domains', header: 'Domains', render: (r) => <DomainList domains={r.domains} />, className: 'pl-wrap' },
    { key: 'figures', header: 'Figures', render: (r) => <FiguresCell company={r} /> },
    // Stacked (the token under the name, the date under the status, Aadhaar over PAN, the PIN under
    // the address) so that every column is in view at 1280 px; the company's page has them all.
    {
      key: 'ids',
      header: 'Aadhaar / PAN',
      render: (r) => (
        <span className="d-inline-flex flex-column text-nowrap">
          <span>
            <span className="visually-hidden">Aadhaar </span>
            {maskAadhaar(r.companyAadhaarCard)}
          </span>
          <span>
            <span className="visually-hidden">PAN </span>
            {r.companyPan}
          </span>
        </span>
      ),
    },
    {
      key: 'companyAddress',
      header: 'Address',
      className: 'pl-wrap',
      render: (r) => (
        <span className="d-inline-flex flex-column">
          <span>{r.companyAddress}</span>
          <span className="small text-body-secondary">PIN {r.companyPincode}</span>
        </span>
      ),
    },
  ];
}
