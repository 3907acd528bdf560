import { readFile } from 'node:fs/promises';
import { MAIL_OUTBOX } from './env.mjs';

/** All messages in the dev/test outbox (JSON lines of {to, subject, text, html, sentAt}). */
export async function readOutbox(path = MAIL_OUTBOX) {
  let raw;
  try {
    raw = await readFile(path, 'utf8');
  } catch (err) {
    if (err.code === 'ENOENT') return [];
    throw err;
  }
  return raw
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

/** The newest 6-digit code in a message. */
export function extractOtp(message) {
  const body = `${message.text ?? ''} ${message.html ?? ''}`;
  // "Your <brand> code is 123456": the brand may hold digits of its own.
  const said = body.match(/code is (\d{6})\b/);
  if (said) return said[1];
  const matches = body.match(/\b\d{6}\b/g);
  return matches ? matches[0] : null;
}

/**
 * Waits for a message to `to` sent at or after `since` (a Date or ms) and returns its OTP.
 * Take `since = Date.now()` just before the action that sends the mail.
 */
export async function waitForOtp(to, { since = 0, timeoutMs = 20000, subject } = {}) {
  const sinceMs = since instanceof Date ? since.getTime() : since;
  const deadline = Date.now() + timeoutMs;
  const want = to.toLowerCase();
  while (Date.now() < deadline) {
    const messages = (await readOutbox()).filter(
      (m) =>
        String(m.to).toLowerCase().includes(want) &&
        Date.parse(m.sentAt) >= sinceMs - 1000 &&
        (!subject || String(m.subject).includes(subject)),
    );
    const latest = messages.at(-1);
    const code = latest && extractOtp(latest);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No OTP mail to ${to} in ${MAIL_OUTBOX} within ${timeoutMs} ms`);
}

/** A unique address for a journey, so repeated runs never collide. */
export function uniqueEmail(prefix = 'buyer') {
  return `${prefix}+${Date.now()}${Math.floor(Math.random() * 1000)}@e2e.test`;
}
