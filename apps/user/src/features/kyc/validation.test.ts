import { maskAadhaar } from '@prelaunch/ui';
import { describe, expect, it } from 'vitest';
import {
  canSubmitKyc,
  checkKycFile,
  isAadhaarShape,
  isPan,
  KYC_MSG,
  normalizeAadhaar,
  normalizePan,
  toKycSubmit,
  validateKyc,
  verhoeffValid,
} from './validation';

const DOCS = { PAN: 'm1', AADHAAR_FRONT: 'm2', AADHAAR_BACK: 'm3', SELFIE: 'm4' };
const MB = 1024 * 1024;

describe('PAN and Aadhaar rules (the server core/fields ones)', () => {
  it('PAN: five letters, four digits, a letter', () => {
    expect(isPan('ABCDE1234F')).toBe(true);
    for (const bad of ['abcde1234f', 'ABCD1234F', 'ABCDE12345', 'ABCDE1234FG', '1BCDE1234F']) expect(isPan(bad)).toBe(false);
    expect(normalizePan(' abcde 1234f ')).toBe('ABCDE1234F');
  });

  it('Aadhaar: 12 digits not starting with 0 or 1, with a valid Verhoeff check digit', () => {
    // The same numbers core/fields' tests use.
    for (const ok of ['234123412346', '499118665246']) {
      expect(isAadhaarShape(ok) && verhoeffValid(ok)).toBe(true);
    }
    expect(verhoeffValid('234123412345')).toBe(false);
    expect(isAadhaarShape('123412341234')).toBe(false);
    expect(isAadhaarShape('23412341234')).toBe(false);
    expect(isAadhaarShape('23412341234a')).toBe(false);
    expect(normalizeAadhaar(' 2341 2341-2346 ')).toBe('234123412346');
  });
});

describe('validateKyc', () => {
  it('passes a complete form', () => {
    expect(validateKyc({ panNumber: 'abcde1234f', aadhaarNumber: '2341 2341 2346', documents: DOCS })).toEqual({});
  });

  it('names each problem on its field, a checksum failure apart from a wrong shape', () => {
    expect(validateKyc({ panNumber: 'ABC', aadhaarNumber: '12345', documents: {} })).toEqual({
      panNumber: KYC_MSG.pan,
      aadhaarNumber: KYC_MSG.aadhaarShape,
      PAN: 'Please upload your PAN card.',
      AADHAAR_FRONT: 'Please upload the front of your Aadhaar card.',
      AADHAAR_BACK: 'Please upload the back of your Aadhaar card.',
    });
    expect(validateKyc({ panNumber: 'ABCDE1234F', aadhaarNumber: '234123412345', documents: DOCS })).toEqual({
      aadhaarNumber: 'This Aadhaar number is not valid.',
    });
  });

  it('leaves the selfie optional', () => {
    expect(validateKyc({ panNumber: 'ABCDE1234F', aadhaarNumber: '234123412346', documents: { ...DOCS, SELFIE: undefined } })).toEqual({});
    expect(toKycSubmit({ panNumber: 'ABCDE1234F', aadhaarNumber: '234123412346', documents: { ...DOCS, SELFIE: undefined } }).documents).toHaveLength(3);
  });

  it('sends the normal forms and the four documents', () => {
    expect(toKycSubmit({ panNumber: 'abcde1234f', aadhaarNumber: '2341-2341-2346', documents: DOCS })).toEqual({
      panNumber: 'ABCDE1234F',
      aadhaarNumber: '234123412346',
      documents: [
        { kind: 'PAN', mediaId: 'm1' },
        { kind: 'AADHAAR_FRONT', mediaId: 'm2' },
        { kind: 'AADHAAR_BACK', mediaId: 'm3' },
        { kind: 'SELFIE', mediaId: 'm4' },
      ],
    });
  });
});

describe('checkKycFile', () => {
  it('takes images and PDFs for the cards, images only for the selfie, up to 5 MB', () => {
    expect(checkKycFile('PAN', { name: 'pan.pdf', type: 'application/pdf', size: 10 })).toBeNull();
    expect(checkKycFile('AADHAAR_FRONT', { name: 'a.JPG', type: '', size: 10 })).toBeNull();
    expect(checkKycFile('SELFIE', { name: 'me.pdf', type: 'application/pdf', size: 10 })).toBe(KYC_MSG.selfieType);
    expect(checkKycFile('PAN', { name: 'pan.docx', type: 'application/msword', size: 10 })).toBe(KYC_MSG.fileType);
    expect(checkKycFile('PAN', { name: 'pan.png', type: 'image/png', size: 5 * MB })).toBeNull();
    expect(checkKycFile('PAN', { name: 'pan.png', type: 'image/png', size: 5 * MB + 1 })).toBe(KYC_MSG.fileSize);
    expect(checkKycFile('PAN', { name: 'pan.png', type: 'image/png', size: 0 })).toBe(KYC_MSG.fileEmpty);
  });
});

describe('maskAadhaar and canSubmitKyc', () => {
  it('shows only the last 4 digits', () => {
    expect(maskAadhaar('234123412346')).toBe('XXXX XXXX 2346');
    expect(maskAadhaar('XXXX XXXX 2346')).toBe('XXXX XXXX 2346');
    expect(maskAadhaar('')).toBe('');
  });

  it('allows a submission only when nothing was sent or it was rejected', () => {
    expect(canSubmitKyc('NONE')).toBe(true);
    expect(canSubmitKyc('REJECTED')).toBe(true);
    expect(canSubmitKyc(undefined)).toBe(true);
    expect(canSubmitKyc('PENDING')).toBe(false);
    expect(canSubmitKyc('APPROVED')).toBe(false);
  });
});
