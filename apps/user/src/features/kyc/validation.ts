/**
 * Client checks of the Verification form, mirroring the server's field rules (core/kyc: a PAN of
 * a person, the name on it, UIDAI's 4-character share code, the e-KYC zip) so a buyer learns of a
 * typo before sending anything. The server checks again — the zip's signature, share code and
 * age only it can — and its answer is the one that counts.
 */
import type { KycDocumentKind } from '@prelaunch/api';

export type KycKind = KycDocumentKind;

/** Labels of the card images of a submission made before the offline e-KYC (still shown). */
const OLD_DOCUMENTS: Record<string, string> = {
  PAN: 'PAN card',
  AADHAAR_FRONT: 'Aadhaar front',
  AADHAAR_BACK: 'Aadhaar back',
  SELFIE: 'Selfie',
};

export const kycLabel = (kind: string) => OLD_DOCUMENTS[kind] ?? kind;

export const KYC_MSG = {
  pan: 'Please enter a valid PAN (e.g. ABCDE1234F).',
  panCompany: "This PAN is not an individual's (its 4th letter must be P). Enter your personal PAN.",
  panName: 'Please enter your name as printed on your PAN card.',
  shareCode: 'Please enter the 4-character share code you chose on the UIDAI site.',
  file: 'Please upload the e-KYC zip file you downloaded from UIDAI.',
  fileType: 'This is not the e-KYC zip file from UIDAI. Upload the .zip file as you downloaded it.',
  fileSize: "The e-KYC file is larger than 512 KB; UIDAI's file is far smaller. Upload the .zip file from UIDAI.",
} as const;

/** The server's limit of the e-KYC zip (core/kyc/ekyc MaxZip). */
export const EKYC_MAX_BYTES = 512 * 1024;

/** Why a chosen file is refused before sending, or null. */
export function checkEkycFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const zip = /\.zip$/i.test(file.name) || /zip/i.test(file.type);
  if (!zip || file.size === 0) return KYC_MSG.fileType;
  if (file.size > EKYC_MAX_BYTES) return KYC_MSG.fileSize;
  return null;
}

/** A PAN as typed: upper case, spaces dropped. */
export const normalizePan = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/** Five letters, four digits, a letter (core/fields.PAN). */
export const isPan = (s: string) => /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(s);

/** A person's PAN: its 4th letter is P (C is a company, F a firm, T a trust…). */
export const isIndividualPan = (s: string) => isPan(s) && s[3] === 'P';

/** A name as the server keeps it: spaces collapsed. */
export const normalizeName = (s: string) => s.trim().replace(/\s+/g, ' ');

export interface KycFormValues {
  panNumber: string;
  panName: string;
  shareCode: string;
  file: File | null;
}

export type KycErrors = Partial<Record<'panNumber' | 'panName' | 'shareCode' | 'file', string>>;

/** Every problem of the form, by field; empty when it may be sent. */
export function validateKyc(v: KycFormValues): KycErrors {
  const errors: KycErrors = {};
  const pan = normalizePan(v.panNumber);
  if (!isPan(pan)) errors.panNumber = KYC_MSG.pan;
  else if (!isIndividualPan(pan)) errors.panNumber = KYC_MSG.panCompany;
  const name = normalizeName(v.panName);
  if (!/\p{L}/u.test(name) || /\d/.test(name) || name.length > 100) errors.panName = KYC_MSG.panName;
  if (!/^[A-Za-z0-9]{4}$/.test(v.shareCode.trim())) errors.shareCode = KYC_MSG.shareCode;
  if (!v.file) errors.file = KYC_MSG.file;
  else {
    const bad = checkEkycFile(v.file);
    if (bad) errors.file = bad;
  }
  return errors;
}

/** Whether the buyer may send the form: nothing sent yet, or sent and rejected. */
export const canSubmitKyc = (s: string | null | undefined) => !s || s === 'NONE' || s === 'REJECTED';
