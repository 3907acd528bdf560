import { documentType } from '@prelaunch/ui';

/** A card image of a submission made before the offline e-KYC, as the status panel shows it. */
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
