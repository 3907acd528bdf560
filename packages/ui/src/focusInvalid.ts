import { useEffect, useRef, type RefObject } from 'react';

/** What marks a refused field: react-bootstrap's isInvalid (is-invalid) and aria-invalid. */
const INVALID = '[aria-invalid="true"], .is-invalid';

/**
 * Brings the first refused field inside root into view and focuses it, so the message beside it
 * is read (issue 28 item 12). A field inside a closed section is skipped for the next one that
 * shows. Returns the element, or null when nothing is refused.
 */
export function focusFirstInvalid(root: ParentNode | null | undefined = typeof document === 'undefined' ? null : document): HTMLElement | null {
  if (!root) return null;
  const all = Array.from(root.querySelectorAll<HTMLElement>(INVALID));
  const el = all.find((e) => !e.closest('[hidden], .collapse:not(.show)')) ?? all[0];
  if (!el) return null;
  const reduce = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView?.({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  el.focus({ preventScroll: true });
  return el;
}

/**
 * Calls focusFirstInvalid on the form each time `attempt` changes to a new truthy value (a count
 * of refused submits, or the errors object of the last one), after the fields have drawn their
 * messages. Typing clears no errors here: only a new refusal moves the focus.
 */
export function useFocusFirstInvalid(attempt: unknown, root?: RefObject<HTMLElement | null>) {
  const last = useRef<unknown>(undefined);
  useEffect(() => {
    if (!attempt || attempt === last.current) return;
    last.current = attempt;
    return afterDialogs(() => focusFirstInvalid(root?.current ?? document));
  }, [attempt, root]);
}

/** A dialog still open that holds no refused field: a confirmation on its way out. */
function closingDialog(): boolean {
  return Array.from(document.querySelectorAll('.modal')).some((m) => !m.querySelector(INVALID));
}

/**
 * Runs fn once no confirmation dialog is open: a confirmation that sent the refused request gives
 * the focus back to its opener as it closes, which would take it from the refused field. A dialog
 * that holds the refused field itself (Add Company, Update User) is no reason to wait. Runs at once
 * when there is nothing to wait for; gives up waiting after 3 s. Returns an effect's cancel function.
 */
export function afterDialogs(fn: () => void): () => void {
  if (typeof document === 'undefined' || !closingDialog()) {
    fn();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waited = 0;
  const poll = () => {
    if (closingDialog() && waited < 3000) {
      waited += 50;
      timer = setTimeout(poll, 50);
      return;
    }
    // One more turn: the dialog restores the focus to its opener as it leaves the page.
    timer = setTimeout(fn, 0);
  };
  timer = setTimeout(poll, 50);
  return () => clearTimeout(timer);
}
