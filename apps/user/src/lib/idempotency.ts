/** A fresh Idempotency-Key: crypto.randomUUID where the browser offers it, else 128 random bits. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per buyer intent: the same request body gets the same key while its fate is unknown
 * (in flight, timed out, network error), so a retry cannot act twice. Once the server has answered
 * with an error the intent is over: `settle` forgets the key and the next attempt is a new intent
 * (the server would otherwise replay the first answer, or refuse a changed body with 422).
 */
export class IntentKeys {
  private keys = new Map<string, string>();

  keyFor(body: unknown): string {
    const sig = JSON.stringify(body);
    let key = this.keys.get(sig);
    if (!key) {
      key = newIdempotencyKey();
      this.keys.set(sig, key);
    }
    return key;
  }

  settle(body: unknown, answered: boolean) {
    if (answered) this.keys.delete(JSON.stringify(body));
  }
}
