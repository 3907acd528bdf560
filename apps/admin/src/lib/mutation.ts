import { reportError, toastSuccess } from '@prelaunch/ui';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

export interface AdminMutationOptions<R> {
  /** After the success toast, e.g. close the dialog. */
  onDone?: (res: R) => void;
  /** Runs after the failure toast with the error (the super admin login goes back to the email step; a form shows a 422 on its fields). */
  onFailed?: (err: unknown) => void;
  /** Whether this answer goes without the success toast: the screen itself shows what happened (the login's second step, a set-up's QR code). */
  quiet?: (res: R) => boolean;
}

/**
 * An admin action: toasts the server's message on success, the message or `fallback` on failure,
 * and afterwards invalidates `invalidate` (keys from the features' key factories) so lists refetch.
 * Nothing happens twice: while a request is in flight a second `mutate` (a double
 * click landing before the button re-renders disabled) is ignored.
 */
export function useAdminMutation<V, R extends { message: string | string[] }>(
  mutationFn: (vars: V) => Promise<R>,
  fallback: string,
  invalidate: readonly QueryKey[],
  { onDone, onFailed, quiet }: AdminMutationOptions<R> = {},
) {
  const qc = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn,
    onSuccess: (res) => {
      if (!quiet?.(res)) toastSuccess(res.message);
      onDone?.(res);
    },
    onError: (err) => {
      reportError(err, fallback);
      onFailed?.(err);
    },
    onSettled: () => {
      inFlight.current = false;
      return Promise.all(invalidate.map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
  const { mutate: run } = mutation;
  const mutate = useCallback(
    (vars: V) => {
      if (inFlight.current) return;
      inFlight.current = true;
      run(vars);
    },
    [run],
  );
  return { ...mutation, mutate };
}
