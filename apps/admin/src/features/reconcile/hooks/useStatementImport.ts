import { ADMIN_FALLBACK, errorMessage, httpStatus, type ReconcileImport } from '@prelaunch/api';
import { toastSuccess } from '@prelaunch/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '../../../api';
import { earlierImportOf, reconcileKeys } from '../api/reconcile';

export interface ImportFailure {
  /** The HTTP status (409 duplicate, 413 too large, 415 type, 422 content), if the server answered. */
  status?: number;
  /** The server's message(s), as sent, or the fallback. */
  messages: string[];
  /** On a 409: the earlier import the message names. */
  earlier: { fileName: string; when: string } | null;
}

/**
 * POST /api/v1/admin/reconcile/import with its upload progress (0-100). A failure is kept (not only
 * toasted) so the screen can show it under the drop zone until the next file.
 */
export function useStatementImport(onImported: (im: ReconcileImport) => void) {
  const qc = useQueryClient();
  const [percent, setPercent] = useState(0);
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: (file: File) => api.reconcileImport(file, setPercent),
    onSuccess: (res) => {
      toastSuccess(res.message);
      onImported(res.data);
    },
    onError: (err) => console.error(err),
    onSettled: () => {
      inFlight.current = false;
      return qc.invalidateQueries({ queryKey: reconcileKeys.all });
    },
  });

  const err = mutation.error;
  const failure: ImportFailure | null = err
    ? (() => {
        const messages = errorMessage(err, ADMIN_FALLBACK.reconcileImport);
        const status = httpStatus(err);
        return { status, messages, earlier: status === 409 ? earlierImportOf(messages.join(' ')) : null };
      })()
    : null;

  const upload = (file: File) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPercent(0);
    mutation.mutate(file);
  };

  return { upload, uploading: mutation.isPending, percent, failure, fileName: mutation.variables?.name, clear: mutation.reset };
}
