import type { MouseEvent } from 'react';

/** The id of each layout's main region, the skip link's target. */
export const MAIN_ID = 'main-content';

/**
 * "Skip to content": the first thing a keyboard reaches on every page of both apps, hidden until
 * focused. It moves focus to the main region (which takes focus with tabIndex -1) without
 * changing the URL, so past the menu in one key press.
 */
export function SkipLink({ target = MAIN_ID }: { target?: string }) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    const el = document.getElementById(target);
    if (!el) return;
    e.preventDefault();
    el.focus();
    el.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a href={`#${target}`} className="visually-hidden-focusable pl-skip-link" onClick={go}>
      Skip to content
    </a>
  );
}
