import { ADMIN_FALLBACK } from '@prelaunch/api';
import { ListPlaceholder, LoadError, useDocumentMeta, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PenIcon } from '../components/Icons';
import { BeneficiaryCards, BeneficiaryDialog, beneficiaryQueryOptions, EMPTY_BENEFICIARY, useUpdateBeneficiary } from '../features/beneficiary';
import { useAdminBrand } from '../features/session';

/** SPEC §2 "Admin Beneficiary (/admin/beneficiary)". */
export default function Beneficiary() {
  const site = useAdminBrand();
  useDocumentMeta({ title: `${site.title} | Beneficiary Manage` });
  const [editing, setEditing] = useState(false);
  const q = useQuery(beneficiaryQueryOptions());
  useErrorToast(q.error, ADMIN_FALLBACK.beneficiary);
  const update = useUpdateBeneficiary({ onDone: () => setEditing(false) });
  const b = q.data?.data ?? null;

  const pen = (
    <button type="button" className="btn btn-sm btn-outline-primary" aria-label="Edit beneficiary" onClick={() => setEditing(true)}>
      <PenIcon />
    </button>
  );

  return (
    <div className="container-fluid py-4">
      <h1 className="h3 pl-page-title">Beneficiary Manage</h1>
      {q.isPending ? (
        <ListPlaceholder rows={3} />
      ) : q.isError ? (
        <LoadError error={q.error} fallback={ADMIN_FALLBACK.beneficiary} onRetry={() => void q.refetch()} />
      ) : (
        <BeneficiaryCards beneficiary={b} action={pen} />
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
