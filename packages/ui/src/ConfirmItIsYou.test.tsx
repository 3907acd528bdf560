import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmItIsYou, confirmItIsYouReady } from './ConfirmItIsYou';

describe('ConfirmItIsYou', () => {
  it('asks the password only while two-factor is off', () => {
    const onPassword = vi.fn();
    render(<ConfirmItIsYou password="" onPassword={onPassword} />);
    fireEvent.change(screen.getByLabelText('Your current password'), { target: { value: 'secret' } });
    expect(onPassword).toHaveBeenCalledWith('secret');
    expect(screen.queryByLabelText('Your two-factor code')).toBeNull();
  });

  it('asks the code too when two-factor is on, and shows each refusal beside its field', () => {
    const onCode = vi.fn();
    render(
      <ConfirmItIsYou password="x" onPassword={() => {}} askCode code="" onCode={onCode} errors={{ password: 'Wrong password.', code: 'Wrong code.' }} />,
    );
    fireEvent.change(screen.getByLabelText('Your two-factor code'), { target: { value: '123456' } });
    expect(onCode).toHaveBeenCalledWith('123456');
    expect(screen.getByLabelText('Your current password')).toHaveAccessibleDescription(/Wrong password\./);
    expect(screen.getByLabelText('Your two-factor code')).toHaveAccessibleDescription(/Wrong code\./);
  });

  it('is ready with a password, and with a code when one is asked', () => {
    expect(confirmItIsYouReady('', false, '')).toBe(false);
    expect(confirmItIsYouReady('pw', false, '')).toBe(true);
    expect(confirmItIsYouReady('pw', true, ' ')).toBe(false);
    expect(confirmItIsYouReady('pw', true, '123456')).toBe(true);
  });
});
