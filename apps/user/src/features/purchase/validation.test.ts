import { describe, expect, it } from 'vitest';
import { isAcceptedProofFile, isAmountInput, isPlausibleUtr, isValidAmount, normalUtr, validateProof } from './validation';

describe('validation', () => {
  it('amount input accepts digits and one decimal point only', () => {
    expect(isAmountInput('')).toBe(true);
    expect(isAmountInput('12')).toBe(true);
    expect(isAmountInput('12.')).toBe(true);
    expect(isAmountInput('12.5')).toBe(true);
    expect(isAmountInput('1.2.3')).toBe(false);
    expect(isAmountInput('-1')).toBe(false);
    expect(isAmountInput('1e3')).toBe(false);
    expect(isAmountInput('abc')).toBe(false);
  });

  it('a valid amount is above 0', () => {
    expect(isValidAmount('0')).toBe(false);
    expect(isValidAmount('0.00')).toBe(false);
    expect(isValidAmount('.')).toBe(false);
    expect(isValidAmount('')).toBe(false);
    expect(isValidAmount('0.5')).toBe(true);
    expect(isValidAmount('100')).toBe(true);
  });

  it('proof form: UTR, amount, then file', () => {
    expect(validateProof({ utr: ' ', amount: '1', receiptId: 'r' })).toBe('Please enter UTR or Transaction Number.');
    expect(validateProof({ utr: '0000', amount: '5', receiptId: 'r' })).toMatch(/12 digits.*16 to 22 letters and digits/);
    expect(validateProof({ utr: '578816794120', amount: '0', receiptId: 'r' })).toBe('Please enter a valid amount.');
    expect(validateProof({ utr: '578816794120', amount: '5', receiptId: null })).toBe('Please upload a transaction file before submitting.');
    expect(validateProof({ utr: '578816794120', amount: '5', receiptId: 'r' })).toBeNull();
  });

  it('UTRs: the server normal form and plausibility (core/fields)', () => {
    expect(normalUtr(' _0578-8167/94120 ')).toBe('578816794120');
    expect(normalUtr('5788l679412o')).toBe('578816794120');
    expect(normalUtr('sbinr52026112700000042')).toBe('SB1NR52026112700000042');
    for (const ok of ['578816794120', '5788-1679-4120', '57881679412o', 'SBINR52026112700000042', 'ICICR12345678901']) {
      expect(isPlausibleUtr(ok), ok).toBe(true);
    }
    for (const bad of ['0000', '----', 'UTR1001', '57881679412', 'ABCD16794120', '000012345678', 'HDFCN5202611270000077AB1']) {
      expect(isPlausibleUtr(bad), bad).toBe(false);
    }
  });

  it('proof files: images, pdf, doc, docx', () => {
    expect(isAcceptedProofFile({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isAcceptedProofFile({ name: 'a.PDF', type: 'application/pdf' })).toBe(true);
    expect(isAcceptedProofFile({ name: 'a.docx', type: '' })).toBe(true);
    expect(isAcceptedProofFile({ name: 'a.exe', type: 'application/octet-stream' })).toBe(false);
  });
});
