import { fieldErrors, type BankAccount } from '@prelaunch/api';
import { ButtonLabel, FormInput } from '@prelaunch/ui';
import { useState, type FormEvent } from 'react';
import { IFSC_RE, useSaveBankAccount } from '../api/verification';

type Errors = Partial<Record<'accountNumber' | 'confirmAccountNumber' | 'ifsc', string>>;

function validate(account: string, confirm: string, ifsc: string): Errors {
  const e: Errors = {};
  const digits = account.replace(/[\s-]/g, '');
  if (!/^\d{9,18}$/.test(digits)) e.accountNumber = 'Please enter your account number: 9 to 18 digits.';
  if (confirm.replace(/[\s-]/g, '') !== digits) e.confirmAccountNumber = 'The account numbers do not match.';
  if (!IFSC_RE.test(ifsc.replace(/\s/g, '').toUpperCase()))
    e.ifsc = 'Please enter a valid IFSC: 4 letters, 0, then 6 letters or digits (e.g. HDFC0001234).';
  return e;
}

/** The verified account as the buyer sees it: bank, IFSC, ••••1234, the holder, and whether the name matched. */
export function BankAccountCard({ account }: { account: BankAccount }) {
  return (
    <div data-testid="bank-account" className="small">
      <div className="fw-semibold">
        {account.bankName} · <span className="font-monospace">{account.accountMasked}</span>
      </div>
      <div>IFSC {account.ifsc}</div>
      <div>Holder: {account.holderName}</div>
      {account.nameMatches ? null : (
        <p role="status" className="text-warning-emphasis mb-0 mt-1">
          The holder's name differs from yours ({account.comparedName}); an admin will check it before a refund.
        </p>
      )}
    </div>
  );
}

/** Bank account: number twice and IFSC; the bank says who holds it. */
export function BankStep({ onDone }: { onDone?: () => void }) {
  const [account, setAccount] = useState('');
  const [confirm, setConfirm] = useState('');
  const [ifsc, setIfsc] = useState('');
  const [tried, setTried] = useState(false);
  const save = useSaveBankAccount();
  const server = fieldErrors(save.error) as Errors;
  const errors: Errors = { ...server, ...(tried ? validate(account, confirm, ifsc) : {}) };

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(validate(account, confirm, ifsc)).length > 0) return;
    save.mutate(
      { accountNumber: account.replace(/[\s-]/g, ''), confirmAccountNumber: confirm.replace(/[\s-]/g, ''), ifsc: ifsc.trim().toUpperCase() },
      { onSuccess: () => onDone?.() },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Your bank account">
      <FormInput
        id="bank-account-number"
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={22}
        value={account}
        onChange={(e) => /^[\d\s-]*$/.test(e.target.value) && setAccount(e.target.value)}
        error={errors.accountNumber}
        hint="Only its last 4 digits are kept."
      />
      <FormInput
        id="bank-account-confirm"
        label="Account number again"
        inputMode="numeric"
        autoComplete="off"
        maxLength={22}
        value={confirm}
        onChange={(e) => /^[\d\s-]*$/.test(e.target.value) && setConfirm(e.target.value)}
        error={errors.confirmAccountNumber}
      />
      <FormInput
        id="bank-ifsc"
        label="IFSC"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={11}
        placeholder="HDFC0001234"
        value={ifsc}
        onChange={(e) => setIfsc(e.target.value.toUpperCase())}
        error={errors.ifsc}
        hint="On your cheque book or passbook."
      />
      <button type="submit" className="btn pl-btn-gradient fw-semibold w-100" disabled={save.isPending}>
        <ButtonLabel pending={save.isPending} idle="Verify account" busy="Asking the bank..." />
      </button>
    </form>
  );
}
