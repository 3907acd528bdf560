import { useSyncExternalStore } from 'react';
import { ToastContainer, toast, type Id, type ToastPosition } from 'react-toastify';

/** Toasts auto-close after 5000 ms, at most 20 at once. */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_LIMIT = 20;

/**
 * Below this width react-toastify stretches a top container over the whole top of the screen,
 * covering the header and the page's heading; toasts go to the bottom there instead.
 */
export const TOAST_PHONE_QUERY = '(max-width: 575.98px)';

function subscribePhone(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mq = window.matchMedia(TOAST_PHONE_QUERY);
  mq.addEventListener?.('change', onChange);
  return () => mq.removeEventListener?.('change', onChange);
}

const isPhone = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(TOAST_PHONE_QUERY).matches);

/** The position toasts take: the app's own, or bottom-center on a phone so no heading is covered. */
export function toastPosition(position: ToastPosition, phone: boolean): ToastPosition {
  return phone ? 'bottom-center' : position;
}

/** User screens: top-right. Admin and super admin: top-center. On a phone: bottom-center. */
export function AppToasts({ position }: { position: ToastPosition }) {
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  return <ToastContainer position={toastPosition(position, phone)} autoClose={TOAST_AUTO_CLOSE_MS} limit={TOAST_LIMIT} newestOnTop />;
}

/** The error toasts still showing, so a success can clear them (see toastSuccess). */
const errorToasts = new Set<Id>();

/** Shows each message as its own toast (array messages are toasted one by one). */
export function toastErrors(messages: string[]): Id[] {
  return messages.map((m) => trackError(toast.error(m)));
}

/** Keeps an error toast's id until it closes, so a later success can dismiss it. */
export function trackError(id: Id): Id {
  errorToasts.add(id);
  return id;
}

/**
 * A success toast. It first dismisses every error toast still showing: an error that an action
 * has since overcome must not stand beside the success that says so.
 */
export function toastSuccess(message: string | string[]) {
  const messages = (Array.isArray(message) ? message : [message]).filter(Boolean);
  if (!messages.length) return;
  for (const id of errorToasts) toast.dismiss(id);
  errorToasts.clear();
  for (const m of messages) toast.success(m);
}
