import { useEffect } from 'react';
import { errorMessage } from '@prelaunch/api';

export { FALLBACK, MISSING_COMPANY_ID } from '@prelaunch/api';
import { toastErrors } from '@prelaunch/ui';

/** SPEC §8: every failed call is logged and toasted with the server message(s) or the fallback. */
export function toastApiError(err: unknown, fallback: string) {
  console.error(err);
  toastErrors(errorMessage(err, fallback));
}

/** Toasts a query's failure once per error object. */
export function useQueryErrorToast(error: unknown, fallback: string) {
  useEffect(() => {
    if (error) toastApiError(error, fallback);
  }, [error, fallback]);
}
