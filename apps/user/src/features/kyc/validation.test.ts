import { describe, expect, it } from 'vitest';
import { canSubmitKyc, checkEkycFile, isIndividualPan, isPan, KYC_MSG, normalizePan, validateKyc } from './validation';

const zip = (size = 4000, name = 'offlineaadhaar20261127103005123.zip', type = 'application/zip') =>
  new File([new Uint8Array(size)], name, { type });
const GOOD = { panNumber: 'abcpe 1234f', panName: 'Asha Verma', shareCode: 'Ab12', file: zip() };

describe('KYC form checks', () => {
  it('PAN: five letters, four digits, a letter; a person has P 4th', () => {
    expect(isPan(normalizePan('abcde 1234f'))).toBe(true);
    expect(isPan('ABCD1234F')).toBe(false);
    expect(isIndividualPan('ABCPE1234F')).toBe(true);
    expect(isIndividualPan('ABCCE1234F')).toBe(false);
  });

  it('passes a complete form', () => {
    expect(validateKyc(GOOD)).toEqual({});
  });

  it('names each problem on its field', () => {
    expect(validateKyc({ panNumber: 'ABCD', panName: ' ', shareCode: '12', file: null })).toEqual({
      panNumber: KYC_MSG.pan,
      panName: KYC_MSG.panName,
      shareCode: KYC_MSG.shareCode,
      file: KYC_MSG.file,
    });
    expect(validateKyc({ ...GOOD, panNumber: 'ABCCE1234F' }).panNumber).toBe(KYC_MSG.panCompany);
    expect(validateKyc({ ...GOOD, panName: 'Asha 2' }).panName).toBe(KYC_MSG.panName);
  });

  it('takes a zip up to 512 KB', () => {
    expect(checkEkycFile(zip())).toBeNull();
    expect(checkEkycFile(zip(10, 'card.png', 'image/png'))).toBe(KYC_MSG.fileType);
    expect(checkEkycFile(zip(0))).toBe(KYC_MSG.fileType);
    expect(checkEkycFile(zip(600 * 1024))).toBe(KYC_MSG.fileSize);
  });

  it('allows a submission only when nothing was sent or it was rejected', () => {
    expect(canSubmitKyc('NONE')).toBe(true);
    expect(canSubmitKyc(undefined)).toBe(true);
    expect(canSubmitKyc('REJECTED')).toBe(true);
    expect(canSubmitKyc('PENDING')).toBe(false);
    expect(canSubmitKyc('APPROVED')).toBe(false);
  });
});
