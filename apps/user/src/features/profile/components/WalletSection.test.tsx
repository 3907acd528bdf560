import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const walletGet = vi.fn();
const walletChallenge = vi.fn();
const walletVerify = vi.fn();
vi.mock('../../../api', () => ({
  api: {
    walletGet: () => walletGet(),
    walletChallenge: (a: string) => walletChallenge(a),
    walletVerify: (b: unknown) => walletVerify(b),
  },
}));

import { utf8Hex, WALLET_MSG, WalletSection } from './WalletSection';

const ADDR = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const OLD = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const NONE = { address: null, verifiedAt: null, deliverableFrom: null };
const MESSAGE = `Demo (acw.example.test) asks you to prove that this wallet is yours.\n\nWallet: ${ADDR}\nNonce: abc`;
const SIG = `0x${'ab'.repeat(65)}`;

function invalid(field: string, message: string) {
  return { isAxiosError: true, response: { status: 422, data: { status: false, message: [message], data: null, errors: [{ field, message }] } } };
}

function renderWallet(now?: number) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <WalletSection now={now} />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

async function askMessage(user: ReturnType<typeof userEvent.setup>, address = ADDR) {
  await user.click(await screen.findByRole('button', { name: /Connect a wallet|Replace wallet/ }));
  await user.type(screen.getByLabelText('Wallet address'), address);
  await user.click(screen.getByRole('button', { name: 'Get message to sign' }));
  await screen.findByLabelText('Message to sign');
}

beforeEach(() => {
  walletGet.mockReset().mockResolvedValue({ data: NONE });
  walletChallenge.mockReset().mockResolvedValue({ data: { message: MESSAGE, expiresAt: '2026-11-27T10:10:00Z' } });
  walletVerify.mockReset().mockResolvedValue({ data: { address: ADDR, verifiedAt: '2026-11-27T10:00:00Z', deliverableFrom: '2026-11-27T10:00:00Z' } });
});

afterEach(() => {
  delete (globalThis as { ethereum?: unknown }).ethereum;
});

describe('WalletSection', () => {
  it('shows the proved wallet whole, and when a replacement starts receiving tokens', async () => {
    walletGet.mockResolvedValue({ data: { address: ADDR, verifiedAt: '2026-11-27T10:00:00Z', deliverableFrom: '2026-11-28T10:00:00Z' } });
    renderWallet(Date.parse('2026-11-27T12:00:00Z'));
    expect(await screen.findByTestId('wallet-address')).toHaveTextContent(ADDR);
    expect(screen.getByTestId('wallet-deliverable')).toHaveTextContent(/Tokens are delivered to this wallet from/);
    expect(screen.getByRole('button', { name: 'Replace wallet' })).toBeInTheDocument();
  });

  it('hides the delivery date once it has passed', async () => {
    walletGet.mockResolvedValue({ data: { address: ADDR, verifiedAt: '2026-11-27T10:00:00Z', deliverableFrom: '2026-11-27T10:00:00Z' } });
    renderWallet(Date.parse('2026-11-28T12:00:00Z'));
    await screen.findByTestId('wallet-address');
    expect(screen.queryByTestId('wallet-deliverable')).toBeNull();
  });

  it('proves a wallet with a pasted signature; no browser-wallet button without window.ethereum', async () => {
    const user = userEvent.setup();
    renderWallet();
    expect(await screen.findByText(/No wallet yet/)).toBeInTheDocument();
    await askMessage(user);
    expect(walletChallenge).toHaveBeenCalledWith(ADDR);
    expect(screen.getByLabelText('Message to sign')).toHaveValue(MESSAGE);
    expect(screen.queryByRole('button', { name: 'Sign with browser wallet' })).toBeNull();
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify wallet' }));
    expect(screen.getByLabelText(/paste the signature/)).toHaveAccessibleDescription(WALLET_MSG.signature);
    expect(walletVerify).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/paste the signature/), SIG);
    await user.click(screen.getByRole('button', { name: 'Verify wallet' }));
    await waitFor(() => expect(walletVerify).toHaveBeenCalledWith({ address: ADDR, signature: SIG, password: undefined }));
    expect(await screen.findByText('Wallet verified successfully')).toBeInTheDocument();
  });

  it("shows the server's refusals beside their fields", async () => {
    const user = userEvent.setup();
    walletChallenge.mockRejectedValueOnce(invalid('address', "This address's checksum is not valid: check it."));
    renderWallet();
    await user.click(await screen.findByRole('button', { name: 'Connect a wallet' }));
    await user.type(screen.getByLabelText('Wallet address'), '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await user.click(screen.getByRole('button', { name: 'Get message to sign' }));
    await waitFor(() => expect(screen.getByLabelText('Wallet address')).toHaveAccessibleDescription(/checksum is not valid/));

    await user.clear(screen.getByLabelText('Wallet address'));
    await user.type(screen.getByLabelText('Wallet address'), ADDR);
    await user.click(screen.getByRole('button', { name: 'Get message to sign' }));
    await screen.findByLabelText('Message to sign');
    walletVerify.mockRejectedValueOnce(invalid('signature', 'This signature was not made by this address for this message.'));
    await user.type(screen.getByLabelText(/paste the signature/), SIG);
    await user.click(screen.getByRole('button', { name: 'Verify wallet' }));
    await waitFor(() => expect(screen.getByLabelText(/paste the signature/)).toHaveAccessibleDescription(/not made by this address/));
  });

  it('asks for the password to replace a wallet', async () => {
    const user = userEvent.setup();
    walletGet.mockResolvedValue({ data: { address: OLD, verifiedAt: '2026-11-20T10:00:00Z', deliverableFrom: '2026-11-20T10:00:00Z' } });
    renderWallet();
    await askMessage(user);
    await user.type(screen.getByLabelText(/paste the signature/), SIG);
    await user.click(screen.getByRole('button', { name: 'Verify wallet' }));
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription(WALLET_MSG.password);
    expect(walletVerify).not.toHaveBeenCalled();
    walletVerify.mockRejectedValueOnce(invalid('password', 'Current password is incorrect.'));
    await user.type(screen.getByLabelText('Current Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Verify wallet' }));
    await waitFor(() => expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('Current password is incorrect.'));
    expect(walletVerify).toHaveBeenLastCalledWith({ address: ADDR, signature: SIG, password: 'wrong' });
  });

  it('signs with the browser wallet (eth_requestAccounts, then personal_sign of the message)', async () => {
    const user = userEvent.setup();
    const request = vi.fn(async ({ method }: { method: string; params?: unknown[] }) =>
      method === 'eth_requestAccounts' ? [ADDR.toLowerCase()] : SIG,
    );
    (globalThis as { ethereum?: unknown }).ethereum = { request };
    renderWallet();
    await askMessage(user);
    await user.click(screen.getByRole('button', { name: 'Sign with browser wallet' }));
    await waitFor(() => expect(walletVerify).toHaveBeenCalledWith({ address: ADDR, signature: SIG, password: undefined }));
    expect(request).toHaveBeenNthCalledWith(1, { method: 'eth_requestAccounts' });
    expect(request).toHaveBeenNthCalledWith(2, { method: 'personal_sign', params: [utf8Hex(MESSAGE), ADDR.toLowerCase()] });
  });

  it('says so when the browser wallet does not share the address, or the buyer declines', async () => {
    const user = userEvent.setup();
    let declined = false;
    const request = vi.fn(async ({ method }: { method: string }) => {
      if (method === 'eth_requestAccounts') return declined ? [ADDR] : [OLD];
      throw Object.assign(new Error('User rejected'), { code: 4001 });
    });
    (globalThis as { ethereum?: unknown }).ethereum = { request };
    renderWallet();
    await askMessage(user);
    await user.click(screen.getByRole('button', { name: 'Sign with browser wallet' }));
    await waitFor(() => expect(screen.getByLabelText('Wallet address')).toHaveAccessibleDescription(WALLET_MSG.notShared));
    declined = true;
    await user.click(screen.getByRole('button', { name: 'Sign with browser wallet' }));
    await waitFor(() => expect(screen.getByLabelText(/paste the signature/)).toHaveAccessibleDescription(WALLET_MSG.declined));
    expect(walletVerify).not.toHaveBeenCalled();
  });

  it('encodes the message as UTF-8 hexadecimal for personal_sign', () => {
    expect(utf8Hex('A…')).toBe('0x41e280a6');
  });
});
