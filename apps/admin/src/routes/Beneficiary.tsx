import { PageLoader, toastSuccess, useDocumentMeta } from '@prelaunch/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { BeneficiaryDialog, EMPTY_BENEFICIARY } from '../components/BeneficiaryDialog';
import { PenIcon } from '../components/Icons';
import { dash } from '../format';
import { ADMIN_FALLBACK, reportError, useErrorToast } from '../state/errors';
import { useSite } from '../state/site';

function Row({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className="d-flex flex-wrap justify-content-between gap-2 py-2 border-bottom">
      <dt className="fw-normal text-body-secondary">{label}</dt>
      <dd className="mb-0 fw-semibold text-break">{dash(value)}</dd>
    </div>
  );
}

/** SPEC §2 "Admin Beneficiary (/admin/beneficiary)". */
export default function Beneficiary() {
  const site = useSite();
  useDocumentMeta({ title: `${site.title} | Beneficiary Manage` });
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const q = useQuery({ queryKey: ['admin', 'beneficiary'], queryFn: () => api.beneficiaryGet() });
  useErrorToast(q.error, ADMIN_FALLBACK.beneficiary);
  const update = useMutation({
    mutationFn: api.beneficiaryUpdate,
    onSuccess: (res) => {
      toastSuccess(res.message);
      setEditing(false);
    },
    onError: (err) => reportError(err, ADMIN_FALLBACK.beneficiaryUpdate),
    // SPEC §7: the beneficiary is reloaded.
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'beneficiary'] }),
  });
  const b = q.data?.data ?? null;

  const pen = (
    <button type="button" className="btn btn-sm btn-outline-primary" aria-label="Edit beneficiary" onClick={() => setEditing(true)}>
      <PenIcon />
    </button>
  );

  return (
    <div className="container-fluid py-4">
      <h1 className="h3 mb-4">Beneficiary Manage</h1>
      {q.isPending ? (
        <PageLoader />
      ) : (
        <div className="row g-3">
          <div className="col-12 col-lg-7">
            <section className="card border-0 shadow-sm h-100" aria-label="Bank Details">
              <div className="card-body">
                <div className="d-flex align-items-center justify-content-between mb-2">
                  <h2 className="h5 mb-0">Bank Details</h2>
                  {pen}
                </div>
                <dl className="mb-0">
                  <Row label="Holder Name" value={b?.holderName} />
                  <Row label="Bank Name" value={b?.bankName} />
                  <Row label="Branch Name" value={b?.branch} />
                  <Row label="Account Number" value={b?.accountNumber} />
                  <Row label="IFSC Code" value={b?.ifscCode} />
                </dl>
              </div>
            </section>
          </div>
          <div className="col-12 col-lg-5">
            <section className="card border-0 shadow-sm h-100" aria-label="UPI Details">
              <div className="card-body">
                <div className="d-flex align-items-center justify-content-between mb-2">
                  <h2 className="h5 mb-0">UPI Details</h2>
                  {pen}
                </div>
                <dl className="mb-0">
                  <Row label="UPI ID" value={b?.upi} />
                </dl>
              </div>
            </section>
          </div>
        </div>
      )}
      {editing ? (
        <BeneficiaryDialog
          show
          initial={b ?? EMPTY_BENEFICIARY}
          pending={update.isPending}
          onClose={() => setEditing(false)}
          onSubmit={(body) => update.mutate(body)}
        />
      ) : null}
    </div>
  );
}
