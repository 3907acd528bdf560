// RFC 6238 TOTP (30 s, 6 digits, HMAC-SHA1) computed in the journey, as an authenticator app would,
// from the base32 secret the Security page shows.
import { createHmac } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (any case, spaces and padding ignored) to bytes. */
export function base32Decode(text) {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out = [];
  for (const ch of clean) {
    const idx = ALPHABET.indexOf(ch);
    if (idx < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code of one 30-second step (RFC 4226 dynamic truncation). */
export function hotp(secret, counter) {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', base32Decode(secret)).update(msg).digest();
  const off = mac[mac.length - 1] & 0x0f;
  const bin = ((mac[off] & 0x7f) << 24) | (mac[off + 1] << 16) | (mac[off + 2] << 8) | mac[off + 3];
  return String(bin % 1_000_000).padStart(6, '0');
}

export const step = (ms = Date.now()) => Math.floor(ms / 30_000);

export function totp(secret, ms = Date.now()) {
  return hotp(secret, step(ms));
}

// How long a code of the step before now must still have to reach the server (see authenticator).
const PREVIOUS_STEP_MARGIN_MS = 20_000;

/**
 * An authenticator for one secret that never gives the same step twice (each code works once):
 * the earliest unused step the server's ±1 window still takes when the code arrives — the step
 * before now only with 20 s of this step left (a code crossing into the next step would be two
 * behind), now, or the next one (which only gets better as time passes) — waiting for the clock
 * when all three are used. The 20 s are for a loaded machine: the browser's typing, the password
 * check and the request took 2.2 s there, and a code given 3.3 s before the step's end (the
 * margin was 3 s) reached the server two steps behind and was refused.
 */
export function authenticator(secret) {
  let last = -Infinity;
  return {
    secret,
    async next() {
      for (;;) {
        const ms = Date.now();
        const now = step(ms);
        const left = 30_000 - (ms % 30_000);
        const candidates = [...(left >= PREVIOUS_STEP_MARGIN_MS ? [now - 1] : []), now, now + 1];
        const s = candidates.find((c) => c > last);
        if (s !== undefined) {
          last = s;
          return hotp(secret, s);
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    },
  };
}
