import type { Beneficiary } from '@prelaunch/api';
import { dash } from '@prelaunch/ui';
import type { ReactNode } from 'react';

function Row({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className="d-flex flex-wrap justify-content-between gap-2 py-2 border-bottom">
      <dt className="fw-normal text-body-secondary">{label}</dt>
      <dd className="mb-0 fw-semibold text-break">{dash(value)}</dd>
    </div>
  );
}

function Card({ title, action, children }: { title: string; action: ReactNode; children: ReactNode }) {
  return (
    <section className="card border-0 shadow-sm h-100" aria-label={title}>
      <div className="card-body">
        <div className="d-flex align-items-center justify-content-between mb-2">
          <h2 className="h5 mb-0">{title}</h2>
          {action}
        </div>
        <dl className="mb-0">{children}</dl>
      </div>
    </section>
  );
}

/** One card with the bank fields, the other with the UPI ID; `action` is the pen. */
export function BeneficiaryCards({ beneficiary: b, action }: { beneficiary: Beneficiary | null; action: ReactNode }) {
  return (
    <div className="row g-3">
      <div className="col-12 col-lg-7">
        <Card title="Bank Details" action={action}>
          <Row label="Holder Name" value={b?.holderName} />
          <Row label="Bank Name" value={b?.bankName} />
          <Row label="Branch Name" value={b?.branch} />
          <Row label="Account Number" value={b?.accountNumber} />
          <Row label="IFSC Code" value={b?.ifscCode} />
        </Card>
      </div>
      <div className="col-12 col-lg-5">
        <Card title="UPI Details" action={action}>
          <Row label="UPI ID" value={b?.upi} />
        </Card>
      </div>
    </div>
  );
}
