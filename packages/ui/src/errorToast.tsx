import { errorMessage, httpStatus, isTwoFactorRequired } from '@prelaunch/api';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { toastErrors, trackError } from './toasts';

/** One toast for every 423: each screen's calls fail alike, and one notice is enough. */
const SUSPENDED_TOAST = 'sale-suspended';
/** One toast for the 403 of an admin who must turn two-factor sign-in on: every call of the page fails alike. */
const TWO_FACTOR_TOAST = 'two-factor-required';

/**
 * Every failed call is logged and toasted with the server's message(s) or the fallback.
 * Returns true when the server rejected the session (401).
 */
export function reportError(err: unknown, fallback: string): boolean {
  console.error(err);
  if (httpStatus(err) === 423) {
    if (!toast.isActive(SUSPENDED_TOAST)) trackError(toast.error(errorMessage(err, fallback).join(' '), { toastId: SUSPENDED_TOAST }));
    return false;
  }
  if (isTwoFactorRequired(err)) {
    if (!toast.isActive(TWO_FACTOR_TOAST)) toast.warning(errorMessage(err, fallback).join(' '), { toastId: TWO_FACTOR_TOAST });
    return false;
  }
  toastErrors(errorMessage(err, fallback));
  return httpStatus(err) === 401;
}

const OnUnauthorized = createContext<(() => void) | null>(null);

/** What a rejected session (401) does below this point, e.g. sign out and go to the login page. */
export function UnauthorizedHandler({ onUnauthorized, children }: { onUnauthorized: () => void; children: ReactNode }) {
  return <OnUnauthorized.Provider value={onUnauthorized}>{children}</OnUnauthorized.Provider>;
}

/** What a rejected session does here (the UnauthorizedHandler's), or null outside one. */
export function useOnUnauthorized(): (() => void) | null {
  return useContext(OnUnauthorized);
}

/**
 * Toasts a query's error once per failure. Under an UnauthorizedHandler a 401 also runs its
 * handler; elsewhere (the buyer app) the error is only shown.
 */
export function useErrorToast(error: unknown, fallback: string) {
  const onUnauthorized = useContext(OnUnauthorized);
  useEffect(() => {
    if (!error) return;
    if (reportError(error, fallback)) onUnauthorized?.();
  }, [error, fallback, onUnauthorized]);
}
