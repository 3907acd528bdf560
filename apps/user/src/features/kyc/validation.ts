/**
 * Client checks of the Verification form, mirroring the server's field rules
 * (core/fields: PAN, Aadhaar with its Verhoeff checksum) so a buyer learns of a typo before
 * uploading anything. The server checks again; its answer is the one that counts.
 */
import type { KycDocumentKind, KycSubmitRequest } from '@prelaunch/api';

export type KycKind = KycDocumentKind;

/**
 * The four documents, in the order the form asks for them, with what the buyer sees; `missing` is
 * the server's message for a required one left out (the selfie is optional).
 */
export const KYC_DOCUMENTS: readonly { kind: KycKind; label: string; hint: string; missing: string | null }[] = [
  { kind: 'PAN', label: 'PAN card', hint: 'The front of your PAN card, every letter readable.', missing: 'Please upload your PAN card.' },
  { kind: 'AADHAAR_FRONT', label: 'Aadhaar front', hint: 'The side with your photo and number.', missing: 'Please upload the front of your Aadhaar card.' },
  { kind: 'AADHAAR_BACK', label: 'Aadhaar back', hint: 'The side with your address.', missing: 'Please upload the back of your Aadhaar card.' },
  { kind: 'SELFIE', label: 'Selfie (optional)', hint: 'A clear photo of your face, in good light.', missing: null },
];

export const kycLabel = (kind: string) => KYC_DOCUMENTS.find((d) => d.kind === kind)?.label ?? kind;

export const KYC_MSG = {
  pan: 'Please enter a valid PAN (e.g. ABCDE1234F).',
  aadhaarShape: 'Please enter a valid 12-digit Aadhaar number.',
  aadhaarChecksum: 'This Aadhaar number is not valid.',
  fileType: 'KYC documents must be JPG, PNG, WEBP or PDF files.',
  selfieType: 'The selfie must be a JPG, PNG or WEBP image.',
  fileSize: 'The file is larger than 5 MB.',
  fileEmpty: 'The file is empty.',
} as const;

/** The media store's limit per file (core/infra/media MaxSize). */
export const KYC_MAX_BYTES = 5 * 1024 * 1024;

/** What the document inputs accept: images everywhere, PDFs for the cards (a selfie is a photo). */
export const kycAccept = (kind: KycKind) => (kind === 'SELFIE' ? 'image/jpeg,image/png,image/webp' : 'image/jpeg,image/png,image/webp,application/pdf,.pdf');

/** Why a chosen file is refused before upload, or null. */
export function checkKycFile(kind: KycKind, file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const type = file.type.toLowerCase();
  const image = ['image/jpeg', 'image/png', 'image/webp'].includes(type) || /\.(jpe?g|png|webp)$/i.test(file.name);
  const pdf = type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (kind === 'SELFIE' ? !image : !image && !pdf) return kind === 'SELFIE' ? KYC_MSG.selfieType : KYC_MSG.fileType;
  if (file.size === 0) return KYC_MSG.fileEmpty;
  if (file.size > KYC_MAX_BYTES) return KYC_MSG.fileSize;
  return null;
}

/** A PAN as typed: upper case, spaces dropped. */
export const normalizePan = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/** An Aadhaar number as typed: spaces and dashes dropped (the server's NormalizeAadhaar). */
export const normalizeAadhaar = (s: string) => s.trim().replace(/[\s-]/g, '');

/** Five letters, four digits, a letter (core/fields.PAN). */
export const isPan = (s: string) => /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(s);

const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** The Verhoeff checksum of a digit string (the last digit of an Aadhaar number). */
export function verhoeffValid(num: string): boolean {
  if (!/^\d+$/.test(num)) return false;
  let c = 0;
  for (let i = 0; i < num.length; i++) c = D[c][P[i % 8][Number(num[num.length - 1 - i])]];
  return c === 0;
}

/** Twelve digits, not starting with 0 or 1 (core/fields.AadhaarShape). */
export const isAadhaarShape = (s: string) => /^[2-9]\d{11}$/.test(s);

export interface KycFormValues {
  panNumber: string;
  aadhaarNumber: string;
  /** The uploaded media id of each document. */
  documents: Partial<Record<KycKind, string>>;
}

export type KycErrors = Partial<Record<'panNumber' | 'aadhaarNumber' | KycKind, string>>;

/** Every problem of the form, by field; empty when it may be sent. */
export function validateKyc(v: KycFormValues): KycErrors {
  const errors: KycErrors = {};
  if (!isPan(normalizePan(v.panNumber))) errors.panNumber = KYC_MSG.pan;
  const aadhaar = normalizeAadhaar(v.aadhaarNumber);
  if (!isAadhaarShape(aadhaar)) errors.aadhaarNumber = KYC_MSG.aadhaarShape;
  else if (!verhoeffValid(aadhaar)) errors.aadhaarNumber = KYC_MSG.aadhaarChecksum;
  for (const d of KYC_DOCUMENTS) if (d.missing && !v.documents[d.kind]) errors[d.kind] = d.missing;
  return errors;
}

/** The request body of POST /user/kyc/submit (documents not chosen are left out). */
export function toKycSubmit(v: KycFormValues): KycSubmitRequest {
  return {
    panNumber: normalizePan(v.panNumber),
    aadhaarNumber: normalizeAadhaar(v.aadhaarNumber),
    documents: KYC_DOCUMENTS.flatMap((d) => (v.documents[d.kind] ? [{ kind: d.kind, mediaId: v.documents[d.kind]! }] : [])),
  };
}

/** Whether the buyer may send the form: nothing sent yet, or sent and rejected. */
export const canSubmitKyc = (s: string | null | undefined) => !s || s === 'NONE' || s === 'REJECTED';
