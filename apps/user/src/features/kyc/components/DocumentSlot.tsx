import { FALLBACK, errorMessage } from '@prelaunch/api';
import { documentType } from '@prelaunch/ui';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { uploadMedia } from '../../media';
import { checkKycFile, kycAccept, type KycKind } from '../validation';

/** A document chosen for the form: its upload's id and what the preview shows. */
export interface ChosenDocument {
  mediaId: string;
  url: string;
  contentType: string;
  name: string;
}

/** A PDF (or a file the browser cannot draw) as a chip with its name. */
export function FileChip({ name, href }: { name: string; href?: string }) {
  const body = (
    <>
      <span className="pl-file-chip-icon" aria-hidden="true">
        PDF
      </span>
      <span className="text-truncate">{name}</span>
    </>
  );
  return href ? (
    <a className="pl-file-chip" href={href} target="_blank" rel="noopener noreferrer">
      {body}
    </a>
  ) : (
    <span className="pl-file-chip">{body}</span>
  );
}

/** The preview of a document: the image itself, or a file chip for a PDF. */
export function DocumentPreview({ doc, label }: { doc: Pick<ChosenDocument, 'url' | 'contentType' | 'name'>; label: string }) {
  if (documentType(doc) === 'pdf') return <FileChip name={doc.name || label} href={doc.url} />;
  return <img src={doc.url} alt={`${label} preview`} className="pl-kyc-thumb" />;
}

/**
 * One document of the Verification form: choose a file (checked for type and size first), it is
 * uploaded at once and previewed; Replace chooses another. A failed upload says why under the slot.
 */
export function DocumentSlot({
  kind,
  label,
  hint,
  value,
  error,
  disabled,
  onChange,
}: {
  kind: KycKind;
  label: string;
  hint: string;
  value: ChosenDocument | undefined;
  error?: string;
  disabled?: boolean;
  onChange: (doc: ChosenDocument | undefined) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The object URL of a local preview, released when replaced or when the slot goes away.
  const local = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (local.current) URL.revokeObjectURL(local.current);
    },
    [],
  );

  const upload = useMutation({
    mutationFn: (file: File) => uploadMedia(file),
    onSuccess: (res, file) => {
      const media = res.data?.[0];
      if (!media?.id) {
        setProblem(FALLBACK.uploadFile);
        return;
      }
      if (local.current) URL.revokeObjectURL(local.current);
      local.current = URL.createObjectURL(file);
      onChange({ mediaId: media.id, url: local.current, contentType: media.contentType || file.type, name: file.name });
    },
    onError: (err) => setProblem(errorMessage(err, FALLBACK.uploadFile).join(' ')),
  });

  function choose(file: File | undefined) {
    if (!file) return;
    const why = checkKycFile(kind, file);
    setProblem(why);
    if (!why) upload.mutate(file);
  }

  const shown = problem ?? error ?? null;
  const describedBy = `${id}-hint${shown ? ` ${id}-error` : ''}`;
  return (
    <div className={`pl-kyc-slot${shown ? ' pl-kyc-slot-invalid' : ''}`} data-testid={`kyc-slot-${kind}`}>
      <div className="d-flex align-items-start justify-content-between gap-2">
        <div className="min-w-0">
          <label htmlFor={id} className="fw-semibold d-block">
            {label}
          </label>
          <span id={`${id}-hint`} className="small text-body-secondary d-block">
            {hint}
          </span>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary text-nowrap flex-shrink-0"
          disabled={disabled || upload.isPending}
          onClick={() => input.current?.click()}
          aria-describedby={describedBy}
          aria-invalid={shown ? true : undefined}
        >
          {value ? 'Replace' : 'Choose file'}
        </button>
        <input
          ref={input}
          id={id}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          accept={kycAccept(kind)}
          disabled={disabled || upload.isPending}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      <div className="pl-kyc-preview mt-2" aria-live="polite">
        {upload.isPending ? (
          <span className="d-inline-flex align-items-center gap-2 small">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" /> Uploading...
          </span>
        ) : value ? (
          <DocumentPreview doc={value} label={label} />
        ) : (
          <span className="small text-body-secondary">No file chosen.</span>
        )}
      </div>
      {shown ? (
        <div id={`${id}-error`} className="text-danger small mt-1" role="alert">
          {shown}
        </div>
      ) : null}
    </div>
  );
}
