import { errorMessage, fieldErrors, type BuyerWallet, type WalletChallenge } from '@prelaunch/api';
import { ButtonLabel, CopyButton, FormInput, formatIst, toastSuccess } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useWalletChallenge, useWalletVerify, walletQueryOptions } from '../api/wallet';

/** An EIP-1193 provider (window.ethereum), as far as this screen uses one. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** The browser wallet the page was given (MetaMask and others inject window.ethereum), if any. */
export function browserWallet(): Eip1193Provider | undefined {
  const eth = (globalThis as { ethereum?: Eip1193Provider }).ethereum;
  return eth && typeof eth.request === 'function' ? eth : undefined;
}

/** personal_sign takes the message as the hexadecimal of its UTF-8 bytes. */
export function utf8Hex(s: string): string {
  return `0x${Array.from(new TextEncoder().encode(s), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export const WALLET_MSG = {
  address: 'Please enter your wallet address.',
  signature: 'Please paste the signature, or sign with your browser wallet.',
  password: 'Please enter your current password to replace your wallet.',
  notShared: 'Your browser wallet did not share this address: select it in the wallet and try again.',
  declined: 'You declined the request in your browser wallet.',
  failed: 'Your browser wallet could not sign the message. Try again, or sign it elsewhere and paste the signature.',
  challengeFallback: 'Could not prepare the message to sign. Please try again.',
  verifyFallback: 'Could not verify the wallet. Please try again.',
} as const;

type LocalErrors = Partial<Record<'address' | 'signature' | 'password', string>>;

const sameAddress = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.trim().toLowerCase();

/** The wallet as its owner sees it: the whole address and, during a replacement's 24 hours, from when it receives tokens. */
function WalletStatus({ wallet, now }: { wallet: BuyerWallet; now: number }) {
  if (!wallet.address) {
    return <p className="mb-3">No wallet yet. Tokens are delivered only to a wallet you prove is yours by signing a message with it.</p>;
  }
  const pending = wallet.deliverableFrom && new Date(wallet.deliverableFrom).getTime() > now;
  return (
    <div className="mb-3">
      <div className="small text-body-secondary">Proved wallet</div>
      <div className="font-monospace text-break" data-testid="wallet-address">{wallet.address}</div>
      {wallet.verifiedAt ? <div className="small text-body-secondary">Verified {formatIst(wallet.verifiedAt)}</div> : null}
      {pending ? (
        <div className="small text-warning-emphasis mt-1" data-testid="wallet-deliverable">
          Tokens are delivered to this wallet from {formatIst(wallet.deliverableFrom)}.
        </div>
      ) : null}
    </div>
  );
}

/** Profile's Wallet section: the proved wallet, and "Connect a wallet" to prove one by signature. */
export function WalletSection({ now = Date.now() }: { now?: number }) {
  const wallet = useQuery(walletQueryOptions());
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [challenge, setChallenge] = useState<WalletChallenge | null>(null);
  const [signature, setSignature] = useState('');
  const [password, setPassword] = useState('');
  const [local, setLocal] = useState<LocalErrors>({});
  const [signing, setSigning] = useState(false);
  const messageId = useId();
  const ask = useWalletChallenge();
  const verify = useWalletVerify(() => {
    toastSuccess('Wallet verified successfully');
    reset();
  });
  const eth = browserWallet();
  const current = wallet.data?.address ?? null;
  const replacing = !!current && !sameAddress(current, address);

  function reset() {
    setOpen(false);
    setAddress('');
    setChallenge(null);
    setSignature('');
    setPassword('');
    setLocal({});
    ask.reset();
  }

  const askErrors = fieldErrors(ask.error);
  const verifyErrors = fieldErrors(verify.error);
  const errors: LocalErrors = {
    address: local.address ?? askErrors.address ?? verifyErrors.address,
    signature: local.signature ?? verifyErrors.signature,
    password: local.password ?? verifyErrors.password,
  };
  const named = (err: unknown) => Object.keys(fieldErrors(err)).length > 0;
  const general = ask.error && !named(ask.error)
    ? errorMessage(ask.error, WALLET_MSG.challengeFallback).join(' ')
    : verify.error && !named(verify.error)
      ? errorMessage(verify.error, WALLET_MSG.verifyFallback).join(' ')
      : '';

  function onAddress(v: string) {
    setAddress(v);
    setChallenge(null);
    setSignature('');
    setLocal({});
    ask.reset();
    verify.reset();
  }

  function onAsk(e: FormEvent) {
    e.preventDefault();
    verify.reset();
    if (!address.trim()) return setLocal({ address: WALLET_MSG.address });
    setLocal({});
    ask.mutate(address.trim(), { onSuccess: setChallenge });
  }

  function submit(sig: string) {
    const next: LocalErrors = {};
    if (!sig.trim()) next.signature = WALLET_MSG.signature;
    if (replacing && !password) next.password = WALLET_MSG.password;
    setLocal(next);
    if (Object.keys(next).length) return;
    verify.mutate({ address: address.trim(), signature: sig.trim(), password: replacing ? password : undefined });
  }

  async function signInBrowser() {
    if (!eth || !challenge) return;
    setLocal({});
    verify.reset();
    setSigning(true);
    try {
      const accounts = (await eth.request({ method: 'eth_requestAccounts' })) as string[];
      const account = (accounts ?? []).find((a) => sameAddress(a, address));
      if (!account) {
        setLocal({ address: WALLET_MSG.notShared });
        return;
      }
      const sig = (await eth.request({ method: 'personal_sign', params: [utf8Hex(challenge.message), account] })) as string;
      setSignature(sig);
      submit(sig);
    } catch (err) {
      const code = (err as { code?: number })?.code;
      setLocal({ signature: code === 4001 ? WALLET_MSG.declined : WALLET_MSG.failed });
    } finally {
      setSigning(false);
    }
  }

  return (
    <section className="pl-panel p-3 p-md-4 mb-4" aria-labelledby="wallet-heading">
      <h2 id="wallet-heading" className="h5 mb-3">Wallet</h2>
      {wallet.isLoading ? <p>Loading wallet...</p> : null}
      {wallet.isError ? <p role="alert">Could not load your wallet.</p> : null}
      {wallet.data ? <WalletStatus wallet={wallet.data} now={now} /> : null}

      {!open ? (
        <button type="button" className="btn btn-outline-primary" onClick={() => setOpen(true)} disabled={!wallet.data}>
          {current ? 'Replace wallet' : 'Connect a wallet'}
        </button>
      ) : (
        <div>
          <form onSubmit={onAsk} noValidate aria-label="Wallet to connect">
            <FormInput
              label="Wallet address"
              name="address"
              autoComplete="off"
              spellCheck={false}
              placeholder="0x…"
              className="font-monospace"
              value={address}
              onChange={(e) => onAddress(e.target.value)}
              error={errors.address}
              hint={current ? 'Replacing your wallet needs your password; tokens go to the new one 24 hours later.' : undefined}
            />
            {!challenge ? (
              <div className="d-flex flex-wrap gap-2">
                <button type="submit" className="btn pl-btn-gradient fw-semibold" disabled={ask.isPending}>
                  <ButtonLabel pending={ask.isPending} idle="Get message to sign" busy="Preparing..." />
                </button>
                <button type="button" className="btn btn-link" onClick={reset}>Cancel</button>
              </div>
            ) : null}
          </form>

          {challenge ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                submit(signature);
              }}
              noValidate
              aria-label="Prove the wallet"
            >
              <label htmlFor={messageId} className="form-label">Message to sign</label>
              <textarea id={messageId} className="form-control font-monospace small mb-1" rows={7} readOnly value={challenge.message} />
              <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
                <CopyButton text={challenge.message} what="Message" />
                <span className="small text-body-secondary">Valid until {formatIst(challenge.expiresAt)}</span>
              </div>
              {eth ? (
                <button type="button" className="btn btn-primary mb-3" onClick={signInBrowser} disabled={signing || verify.isPending}>
                  <ButtonLabel pending={signing} idle="Sign with browser wallet" busy="Waiting for the wallet..." />
                </button>
              ) : null}
              <FormInput
                label={eth ? 'Or sign it elsewhere and paste the signature' : 'Sign it with your wallet and paste the signature'}
                name="signature"
                autoComplete="off"
                spellCheck={false}
                placeholder="0x…"
                className="font-monospace"
                value={signature}
                onChange={(e) => setSignature(e.target.value)}
                error={errors.signature}
              />
              {replacing ? (
                <FormInput
                  label="Current Password"
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  error={errors.password}
                />
              ) : null}
              <div className="d-flex flex-wrap gap-2">
                <button type="submit" className="btn pl-btn-gradient fw-semibold" disabled={verify.isPending || signing}>
                  <ButtonLabel pending={verify.isPending} idle="Verify wallet" busy="Verifying..." />
                </button>
                <button type="button" className="btn btn-link" onClick={reset}>Cancel</button>
              </div>
            </form>
          ) : null}
          {general ? <p className="text-danger small mt-2" role="alert">{general}</p> : null}
        </div>
      )}
    </section>
  );
}
