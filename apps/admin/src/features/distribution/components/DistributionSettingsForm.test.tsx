import type { Distribution } from '@prelaunch/api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formFieldOf, toBody, toForm, units } from '../form';
import { DistributionSettingsForm } from './DistributionSettingsForm';

function settings(over: Partial<Distribution> = {}): Distribution {
  return {
    chain: { chainId: 11155111, rpcUrl: 'https://rpc.test', explorerUrl: 'https://scan.test', tokenAddress: '', decimals: 18 },
    treasury: { address: null, tokenBalance: null, gasBalance: null, reason: 'The treasury is not connected to the chain yet.' },
    tgeAt: '2030-01-01T00:00:00Z',
    locked: false,
    rounds: [
      { id: 'r1', name: 'Seed', position: 1 },
      { id: 'r2', name: 'Public', position: 2 },
    ],
    schedules: [
      { roundId: null, tgeUnlockPercent: 10, cliffDays: 30, vestingDays: 180 },
      { roundId: 'r2', tgeUnlockPercent: 100, cliffDays: 0, vestingDays: 0 },
    ],
    totals: { allocated: '1500000000000000000000', unlocked: '0', delivered: '0', queued: '0' },
    ...over,
  };
}

const invalid = (list: [string, string][]) => ({
  isAxiosError: true,
  response: {
    status: 422,
    data: { status: false, message: list.map(([m]) => m), data: null, errors: list.map(([message, field]) => ({ field, message })) },
  },
});

function describedBy(field: HTMLElement): string {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

describe('distribution form model', () => {
  it('has a row per round after the token-wide one and sends only the rows with a schedule', () => {
    const f = toForm(settings());
    expect(f.schedules.map((r) => [r.roundId, r.enabled])).toEqual([
      [null, true],
      ['r1', false],
      ['r2', true],
    ]);
    const body = toBody(f);
    expect(body.schedules.map((s) => s.roundId)).toEqual([null, 'r2']);
    expect(body.tgeAt).toBe('2030-01-01T00:00:00.000Z');
    // schedules[1] of the request is the form's third row.
    expect(formFieldOf(f, 'schedules[1].cliffDays')).toBe('rows[2].cliffDays');
    expect(formFieldOf(f, 'chain.rpcUrl')).toBe('chain.rpcUrl');
  });

  it('writes base units as exact tokens', () => {
    expect(units('1500000000000000000000', 18)).toBe('1,500');
    expect(units('1', 18)).toBe('0.000000000000000001');
    expect(units('123456789', 2)).toBe('12,34,567.89');
    expect(units('0', 18)).toBe('0');
    expect(units(null, 18)).toBe('—');
  });
});

describe('DistributionSettingsForm', () => {
  it('asks before saving and sends the whole settings', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<DistributionSettingsForm settings={settings()} onSave={onSave} />);
    await user.clear(screen.getByLabelText('RPC URL'));
    await user.type(screen.getByLabelText('RPC URL'), 'https://other.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/cannot change/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0].chain.rpcUrl).toBe('https://other.test');
    expect(onSave.mock.calls[0]![0].schedules).toHaveLength(2);
  });

  it('shows the server\'s refusals beside their fields, a schedule\'s on its row', async () => {
    const { rerender } = render(<DistributionSettingsForm settings={settings()} onSave={vi.fn()} />);
    rerender(
      <DistributionSettingsForm
        settings={settings()}
        onSave={vi.fn()}
        saveError={invalid([
          ['RPC URL must be an http:// or https:// address.', 'chain.rpcUrl'],
          ['Cliff must be a whole number from 0 to 36500.', 'schedules[1].cliffDays'],
        ])}
      />,
    );
    expect(describedBy(screen.getByLabelText('RPC URL'))).toContain('http:// or https://');
    const cliffs = screen.getAllByLabelText('Cliff (days)');
    expect(cliffs).toHaveLength(2); // the token-wide row and Public's own
    expect(describedBy(cliffs[1]!)).toContain('whole number');
    expect(describedBy(cliffs[0]!)).toBe('');
  });

  it('locks the TGE, the schedules and the contract once the TGE has passed', () => {
    render(<DistributionSettingsForm settings={settings({ locked: true })} onSave={vi.fn()} />);
    expect(screen.getByText(/The TGE has passed/)).toBeInTheDocument();
    expect(screen.getByLabelText('TGE (your time zone)')).toBeDisabled();
    expect(screen.getByLabelText('Token contract address')).toBeDisabled();
    expect(screen.getAllByLabelText('Cliff (days)')[0]).toBeDisabled();
    expect(screen.getByLabelText('RPC URL')).not.toBeDisabled();
  });
});
