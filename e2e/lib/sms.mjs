import { readOutbox } from './mail.mjs';
import { SMS_OUTBOX } from './env.mjs';

/** Every SMS in the dev/test SMS outbox (JSON lines of {to, text, sentAt}), read as the mail outbox is. */
export function readSmsOutbox(path = SMS_OUTBOX) {
  return readOutbox(path);
}

/** Waits for an SMS to `to` (E.164) sent since `since` and returns its 6-digit code. */
export async function waitForSmsCode(to, since, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await readSmsOutbox()).filter((m) => m.to === to && Date.parse(m.sentAt) >= since - 1000).pop();
    const code = found && /\b(\d{6})\b/.exec(found.text);
    if (code) return code[1];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No SMS to ${to} in ${SMS_OUTBOX} within ${timeoutMs} ms`);
}
