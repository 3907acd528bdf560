import { reportError, toastSuccess } from '@prelaunch/ui';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

export interface AdminMutationOptions<R> {
  /** After the success toast, e.g. close the dialog. */
  onDone?: (res: R) => void;
  /** Runs after the failure toast (the super admin login goes back to the email step). */
  onFailed?: () => void;
}

/**
 * An admin action: toasts the server's message on success, the message or `fallback` on failure,
 * and afterwards invalidates `invalidate` (keys from the features' key factories) so lists refetch.
 */
export function useAdminMutation<V, R extends { message: string | string[] }>(
  mutationFn: (vars: V) => Promise<R>,
  fallback: string,
  invalidate: readonly QueryKey[],
  { onDone, onFailed }: AdminMutationOptions<R> = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (res) => {
      toastSuccess(res.message);
      onDone?.(res);
    },
    onError: (err) => {
      reportError(err, fallback);
      onFailed?.();
    },
    onSettled: () => Promise.all(invalidate.map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
