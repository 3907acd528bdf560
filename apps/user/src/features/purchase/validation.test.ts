import { describe, expect, it } from 'vitest';
import { isAcceptedProofFile, isAmountInput, isValidAmount, validateProof } from './validation';

describe('validation (SPEC §5)', () => {
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
    expect(validateProof({ utr: 'U', amount: '0', receiptId: 'r' })).toBe('Please enter a valid amount.');
    expect(validateProof({ utr: 'U', amount: '5', receiptId: null })).toBe('Please upload a transaction file before submitting.');
    expect(validateProof({ utr: 'U', amount: '5', receiptId: 'r' })).toBeNull();
  });

  it('proof files: images, pdf, doc, docx', () => {
    expect(isAcceptedProofFile({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isAcceptedProofFile({ name: 'a.PDF', type: 'application/pdf' })).toBe(true);
    expect(isAcceptedProofFile({ name: 'a.docx', type: '' })).toBe(true);
    expect(isAcceptedProofFile({ name: 'a.exe', type: 'application/octet-stream' })).toBe(false);
  });
});
