import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { checkCode, normaliseCode, OneTimeCodeInput, type CodeKind } from './OneTimeCode';

describe('two-factor code rules', () => {
  it('keeps the digits of a TOTP, at most 6, and a recovery code without spaces', () => {
    expect(normaliseCode('totp', ' 123 456 ')).toBe('123456');
    expect(normaliseCode('totp', '1234567')).toBe('123456');
    expect(normaliseCode('totp', 'ab-12')).toBe('12');
    expect(normaliseCode('recovery', ' abcd-efgh ')).toBe('abcd-efgh');
  });
  it('asks for exactly 6 digits, or any recovery code', () => {
    expect(checkCode('totp', '')).toBe('Enter the 6-digit code from your authenticator app.');
    expect(checkCode('totp', '12345')).toBe('The code has 6 digits.');
    expect(checkCode('totp', '123456')).toBeUndefined();
    expect(checkCode('recovery', '')).toBe('Enter one of your recovery codes.');
    expect(checkCode('recovery', 'x1')).toBeUndefined();
  });
});

function Field({ kind }: { kind: CodeKind }) {
  const [v, setV] = useState('');
  return <OneTimeCodeInput kind={kind} value={v} onChange={setV} />;
}

describe('OneTimeCodeInput', () => {
  it('cleans a pasted authenticator code and offers the numeric keyboard', async () => {
    render(<Field kind="totp" />);
    const input = screen.getByLabelText('Authentication code');
    await userEvent.click(input);
    await userEvent.paste('123 456');
    expect(input).toHaveValue('123456');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  });
  it('takes letters in a recovery code', async () => {
    render(<Field kind="recovery" />);
    await userEvent.type(screen.getByLabelText('Recovery code'), 'ab12-cd34');
    expect(screen.getByLabelText('Recovery code')).toHaveValue('ab12-cd34');
  });
});
