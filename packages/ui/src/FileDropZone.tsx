import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';

/** What a drop zone accepts and the messages it refuses a file with (checked before anything is sent). */
export interface FileRules {
  /** Lower-case extensions with the dot, e.g. ['.csv', '.xlsx']. */
  extensions: readonly string[];
  maxBytes: number;
  /** Shown for a file of another type. */
  typeMessage: string;
  /** Shown for a file above maxBytes. */
  sizeMessage: string;
  /** Shown for an empty (0-byte) file. */
  emptyMessage?: string;
}

/** Why a file is refused, or null when it may be sent. */
export function checkFile(file: Pick<File, 'name' | 'size'>, rules: FileRules): string | null {
  const name = file.name.toLowerCase();
  if (!rules.extensions.some((ext) => name.endsWith(ext.toLowerCase()))) return rules.typeMessage;
  if (file.size > rules.maxBytes) return rules.sizeMessage;
  if (file.size === 0 && rules.emptyMessage) return rules.emptyMessage;
  return null;
}

export interface FileDropZoneProps {
  rules: FileRules;
  /** A file that passed the rules. */
  onFile: (file: File) => void;
  /** The accessible name of the file input and the zone's heading, e.g. "Bank statement". */
  label: string;
  /** The line under the prompt, e.g. "CSV or XLSX, up to 20 MB". */
  hint?: ReactNode;
  disabled?: boolean;
}

/**
 * Drag a file onto the zone or click it (or focus it and press Enter or Space) to choose one. The
 * type and size are checked here, before sending; a refused file shows why under the zone.
 */
export function FileDropZone({ rules, onFile, label, hint, disabled = false }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const take = (files: FileList | null | undefined) => {
    if (disabled || !files || files.length === 0) return;
    if (files.length > 1) {
      setRefused('Choose one file at a time.');
      return;
    }
    const file = files[0];
    const why = checkFile(file, rules);
    setRefused(why);
    if (!why) onFile(file);
  };

  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    if (!disabled) {
      e.dataTransfer.dropEffect = 'copy';
      setOver(true);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer?.files);
  };

  return (
    <div>
      <label
        htmlFor={id}
        className={`pl-dropzone d-flex flex-column align-items-center justify-content-center text-center gap-1 p-4 rounded-3${over ? ' pl-dropzone-over' : ''}${disabled ? ' pl-dropzone-disabled' : ''}`}
        data-testid="dropzone"
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span className="fw-semibold">{label}</span>
        <span>
          Drag and drop a file here, or <span className="fw-semibold text-primary-emphasis text-decoration-underline">choose a file</span>
        </span>
        {hint ? <span className="small text-body-secondary">{hint}</span> : null}
        <input
          ref={input}
          id={id}
          type="file"
          className="visually-hidden"
          accept={rules.extensions.join(',')}
          disabled={disabled}
          aria-describedby={refused ? `${id}-error` : undefined}
          onChange={(e) => {
            take(e.target.files);
            // Choosing the same file again (after a fix on the server, say) fires change again.
            e.target.value = '';
          }}
        />
      </label>
      {refused ? (
        <div id={`${id}-error`} className="text-danger small mt-2" role="alert">
          {refused}
        </div>
      ) : null}
    </div>
  );
}

/** An upload's progress: a bar with the percentage sent. */
export function UploadProgress({ percent, label = 'Uploading' }: { percent: number; label?: string }) {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="d-flex align-items-center gap-2">
      <div
        className="progress flex-grow-1"
        role="progressbar"
        aria-label={label}
        aria-valuenow={p}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress-bar pl-progress-fill" style={{ width: `${p}%` }} />
      </div>
      <span className="small text-nowrap" aria-hidden="true">
        {p === 100 ? `${label} 100% · processing…` : `${label} ${p}%`}
      </span>
    </div>
  );
}
