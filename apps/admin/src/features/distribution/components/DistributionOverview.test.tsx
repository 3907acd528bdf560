import type { Distribution } from '@prelaunch/api';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

const merkle = vi.fn(async (_at?: string) => ({ fileName: 'merkle.json' }));
const claims = vi.fn(async (_at?: string) => ({ fileName: 'claims.csv' }));
vi.mock('../../../api', () => ({
  api: { distributionMerkle: (at?: string) => merkle(at), distributionClaims: (at?: string) => claims(at) },
}));

import { DistributionOverview } from './DistributionOverview';

const settings: Distribution = {
  chain: { chainId: 1, rpcUrl: '', explorerUrl: '', tokenAddress: '', decimals: 18 },
  treasury: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', tokenBalance: '2500000000000000000', gasBalance: '1', reason: null },
  tgeAt: null,
  locked: false,
  rounds: [],
  schedules: [],
  totals: { allocated: '1000000000000000000000', unlocked: '250000000000000000000', delivered: '0', queued: '5' },
};

describe('DistributionOverview', () => {
  it('shows the totals and the treasury in tokens', () => {
    render(<DistributionOverview settings={settings} />);
    expect(screen.getByText('1,000')).toBeInTheDocument();
    expect(screen.getByText('250')).toBeInTheDocument();
    expect(screen.getByText('0.000000000000000005')).toBeInTheDocument();
    expect(screen.getByText('2.5')).toBeInTheDocument();
  });

  it('downloads the tree and the CSV at one moment', async () => {
    const user = userEvent.setup();
    render(<DistributionOverview settings={settings} />);
    await user.click(screen.getByRole('button', { name: 'Download merkle.json' }));
    await user.click(screen.getByRole('button', { name: 'Download claims.csv' }));
    expect(merkle).toHaveBeenCalledTimes(1);
    expect(claims).toHaveBeenCalledTimes(1);
    expect(merkle.mock.calls[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
    expect(claims.mock.calls[0]![0]).toBe(merkle.mock.calls[0]![0]);
  });

  it('says why the treasury has no figures', () => {
    render(<DistributionOverview settings={{ ...settings, treasury: { address: null, tokenBalance: null, gasBalance: null, reason: 'Not connected.' } }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Not connected.');
  });
});
