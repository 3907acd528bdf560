import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export const USER_URL = (process.env.USER_URL || 'http://127.0.0.1:18080').replace(/\/$/, '');
export const ADMIN_URL = (process.env.ADMIN_URL || 'http://127.0.0.1:18081').replace(/\/$/, '');
export const MAIL_OUTBOX = process.env.MAIL_OUTBOX || join(here, '..', '..', 'var', 'mail', 'outbox.jsonl');
export const SMS_OUTBOX = process.env.SMS_OUTBOX || join(here, '..', '..', 'var', 'sms', 'outbox.jsonl');
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR || join(here, '..', 'screenshots');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

mkdirSync(SCREENSHOT_DIR, { recursive: true });
