import { ADMIN_FALLBACK, errorMessage, httpStatus, type Company, type CompanyUpdate } from '@prelaunch/api';
import { ConfirmDialog, formatDateTime, ListPlaceholder, LoadError, maskAadhaar, rupees, StatusBadge, tokens, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { companyQueryOptions, useUpdateCompany } from '../api/companies';
import { DomainList, type CompanyLinkState } from './companyColumns';
import { EditCompanyDialog } from './EditCompanyDialog';
import { SuspendDialog } from './SuspendDialog';

export const COMPANY_NOT_FOUND = 'Company not found.';
const LIST_PATH = '/superadmin/companymanage';

/** Back to Company Manage, to the same search and status when the page was opened from the list. */
function BackLink() {
  const list = (useLocation().state as Partial<CompanyLinkState> | null)?.list;
  const search = typeof list === 'string' && list.startsWith('?') ? list : '';
  return (
    <Link to={`${LIST_PATH}${search}`} className="pl-link d-inline-block mb-3">
      ← Back to Company Manage
    </Link>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row g-1 mx-0 py-2 border-bottom">
      <dt className="col-12 col-sm-4 small text-body-secondary fw-normal">{label}</dt>
      <dd className="col-12 col-sm-8 mb-0 text-break">{children}</dd>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="col-12 col-sm-4">
      <section className="card h-100 border-0 shadow-sm" aria-label={label}>
        <div className="card-body">
          <h2 className="h6 text-body-secondary mb-2">{label}</h2>
          <p className="fs-4 fw-bold mb-0 text-break" data-testid={`figure-${label}`}>
            {value}
          </p>
        </div>
      </section>
    </div>
  );
}

/** The suspend / reactivate question, naming what follows. */
export function statusQuestion(c: Pick<Company, 'companyName' | 'status'>): string {
  return c.status === 'SUSPENDED'
    ? `Reactivate ${c.companyName}? Its buyer site will sell again and its admins can sign in.`
    : `Suspend ${c.companyName}? Its buyer site will answer 'This sale is temporarily unavailable.' and its admins will be signed out.`;
}

function Loaded({ company: c }: { company: Company }) {
  const [editing, setEditing] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  // What the confirmation asks is fixed when it opens: the answer's refetch must not flip its text
  // (Suspend → Reactivate) while it fades out.
  const [confirm, setConfirm] = useState({ show: false, suspend: true });
  const close = () => setConfirm((c) => ({ ...c, show: false }));
  const edit = useUpdateCompany({
    onDone: () => setEditing(false),
    onFailed: (err) => {
      const status = httpStatus(err);
      // A 422 lists every problem; a 409 names the domain another company has.
      if (status === 422 || status === 409 || status === 404) setServerErrors(errorMessage(err, ADMIN_FALLBACK.companyUpdate));
    },
  });
  const [suspendErrors, setSuspendErrors] = useState<string[]>([]);
  const toggle = useUpdateCompany({
    onDone: close,
    onFailed: (err) => {
      // A 422 (the reason) stays in the dialog, under the field; anything else closes it.
      if (httpStatus(err) === 422) setSuspendErrors(errorMessage(err, ADMIN_FALLBACK.companyUpdate));
      else close();
    },
  });
  const suspended = c.status === 'SUSPENDED';

  function save(body: CompanyUpdate) {
    setServerErrors([]);
    edit.mutate(body);
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-4">
        <h1 className="h3 mb-0 me-2 text-break">{c.companyName}</h1>
        <StatusBadge status={c.status} />
        <div className="d-flex flex-wrap gap-2 ms-sm-auto">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setServerErrors([]);
              setEditing(true);
            }}
          >
            Edit company
          </button>
          <button type="button" className={`btn ${suspended ? 'btn-success' : 'btn-danger'}`} onClick={() => {
              setSuspendErrors([]);
              setConfirm({ show: true, suspend: !suspended });
            }}>
            {suspended ? 'Reactivate' : 'Suspend'}
          </button>
        </div>
      </div>

      <div className="row g-3 mb-4">
        <Figure label="Buyers" value={c.figures.buyers.toLocaleString('en-IN')} />
        <Figure label="Approved" value={rupees(c.figures.approvedAmount)} />
        <Figure label="Tokens sold" value={tokens(c.figures.tokensSold, c.tokenSymbol)} />
      </div>

      <div className="row g-3">
        <div className="col-12 col-xl-7">
          <section className="card border-0 shadow-sm h-100" aria-labelledby="company-details">
            <div className="card-body">
              <h2 id="company-details" className="h5 mb-2">
                Details
              </h2>
              <dl className="mb-0">
                <Row label="Name">{c.companyName}</Row>
                <Row label="Email">{c.email}</Row>
                <Row label="Mobile">{c.mobile}</Row>
                <Row label="Aadhaar">{maskAadhaar(c.companyAadhaarCard) || 'N/A'}</Row>
                <Row label="PAN">{c.companyPan || 'N/A'}</Row>
                <Row label="Address">{c.companyAddress}</Row>
                <Row label="PIN">{c.companyPincode}</Row>
                <Row label="Token">
                  {c.tokenName} ({c.tokenSymbol})
                </Row>
                <Row label="Created">{formatDateTime(c.createdAt) || 'N/A'}</Row>
              </dl>
            </div>
          </section>
        </div>
        <div className="col-12 col-xl-5">
          <section className="card border-0 shadow-sm h-100" aria-labelledby="company-site">
            <div className="card-body">
              <h2 id="company-site" className="h5 mb-2">
                Buyer site
              </h2>
              <dl className="mb-0">
                <Row label="Site address">
                  {c.siteUrl ? (
                    <a href={c.siteUrl} target="_blank" rel="noopener noreferrer" className="pl-link">
                      {c.siteUrl}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <span className="text-body-secondary">None yet: add a domain.</span>
                  )}
                </Row>
                <Row label="Domains">
                  <DomainList domains={c.domains} />
                </Row>
                <Row label="Status">
                  <StatusBadge status={c.status} />
                </Row>
                {suspended && c.suspensionReason ? <Row label="Suspension reason">{c.suspensionReason}</Row> : null}
                <Row label="Two-factor required for admins">{c.require2fa ? 'Yes' : 'No'}</Row>
              </dl>
            </div>
          </section>
        </div>
      </div>

      {editing ? (
        <EditCompanyDialog
          show
          company={c}
          pending={edit.isPending}
          serverErrors={serverErrors}
          onClose={() => setEditing(false)}
          onSubmit={save}
        />
      ) : null}
      <SuspendDialog
        show={confirm.show && confirm.suspend}
        company={c}
        pending={toggle.isPending}
        serverErrors={suspendErrors}
        onClose={close}
        onConfirm={(reason) => {
          setSuspendErrors([]);
          toggle.mutate({ id: c.id, status: 'SUSPENDED', reason });
        }}
      />
      <ConfirmDialog
        show={confirm.show && !confirm.suspend}
        title="Reactivate company"
        message={statusQuestion({ companyName: c.companyName, status: 'SUSPENDED' })}
        target={
          <span>
            {c.companyName} · {c.tokenSymbol}
          </span>
        }
        confirmLabel="Reactivate"
        pending={toggle.isPending}
        onClose={close}
        onConfirm={() => toggle.mutate({ id: c.id, status: 'ACTIVE' })}
      />
    </>
  );
}

/**
 * A company's page: its details, buyer site, domains, status, two-factor rule and
 * figures; Edit company and Suspend / Reactivate. Loading placeholders, the error with Retry, and
 * "Company not found." for an unknown id.
 */
export function CompanyDetail({ id }: { id: string }) {
  const q = useQuery({ ...companyQueryOptions(id), retry: (n, err) => httpStatus(err) !== 404 && n < 1 });
  const notFound = q.isError && httpStatus(q.error) === 404;
  useErrorToast(q.isError && !notFound ? q.error : null, ADMIN_FALLBACK.company);

  let body: ReactNode;
  if (q.isPending) body = <ListPlaceholder rows={6} text="Loading company..." />;
  else if (notFound)
    body = (
      <div className="alert alert-warning" role="alert">
        <h1 className="h5">{COMPANY_NOT_FOUND}</h1>
        <p className="mb-0">It may have been removed, or the address is wrong. Open it again from Company Manage.</p>
      </div>
    );
  else if (q.data) body = <Loaded company={q.data.data} />;
  else body = <LoadError error={q.error} fallback={ADMIN_FALLBACK.company} onRetry={() => void q.refetch()} />;

  return (
    <div className="container-fluid py-4">
      <BackLink />
      {body}
    </div>
  );
}
