import { describe, expect, it } from 'vitest';
import { IntentKeys, newIdempotencyKey } from './idempotency';

describe('Idempotency-Key per intent', () => {
  it('makes distinct printable keys', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('reuses the key for a retry of the same body until the server answers', () => {
    const keys = new IntentKeys();
    const k = keys.keyFor({ amount: 100 });
    keys.settle({ amount: 100 }, false); // timeout: fate unknown, keep it
    expect(keys.keyFor({ amount: 100 })).toBe(k);
    expect(keys.keyFor({ amount: 200 })).not.toBe(k);
    keys.settle({ amount: 100 }, true); // answered with an error: a new attempt is a new intent
    expect(keys.keyFor({ amount: 100 })).not.toBe(k);
  });
});
