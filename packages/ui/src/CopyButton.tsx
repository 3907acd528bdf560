import type { ReactNode } from 'react';
import { toastSuccess } from './toasts';

/** Copies text; where the clipboard API is refused (an insecure origin), selects the given field and copies that. */
export async function copyText(text: string, fallbackInputId?: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const input = fallbackInputId ? (document.getElementById(fallbackInputId) as HTMLInputElement | null) : null;
    input?.select();
    document.execCommand?.('copy');
  }
}

export interface CopyButtonProps {
  text: string;
  /** What is copied, for the button's name and the toast ("Secret" → "Copy secret", "Secret copied."). */
  what: string;
  /** The button's visible text (the name above when not given). */
  children?: ReactNode;
  className?: string;
}

/** A button that copies `text` and says so in a toast. */
export function CopyButton({ text, what, children, className = 'btn btn-outline-secondary btn-sm' }: CopyButtonProps) {
  return (
    <button
      type="button"
      className={className}
      aria-label={children ? undefined : `Copy ${what.toLowerCase()}`}
      onClick={async () => {
        await copyText(text);
        toastSuccess(`${what} copied.`);
      }}
    >
      {children ?? 'Copy'}
    </button>
  );
}
