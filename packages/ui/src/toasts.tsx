import { ToastContainer, toast, type ToastPosition } from 'react-toastify';

/** SPEC §9: toasts auto-close after 5000 ms, at most 20 at once. */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_LIMIT = 20;

/** User screens: top-right. Admin and super admin: top-center (SPEC §8). */
export function AppToasts({ position }: { position: ToastPosition }) {
  return <ToastContainer position={position} autoClose={TOAST_AUTO_CLOSE_MS} limit={TOAST_LIMIT} newestOnTop />;
}

/** Shows each message as its own toast (SPEC §8: array messages are toasted one by one). */
export function toastErrors(messages: string[]) {
  for (const m of messages) toast.error(m);
}

export function toastSuccess(message: string | string[]) {
  for (const m of Array.isArray(message) ? message : [message]) if (m) toast.success(m);
}
