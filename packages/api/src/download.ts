import type { AxiosInstance } from 'axios';
import { withoutEmpty } from './call';

/** What a download saved: the file name the server gave and its size in bytes. */
export interface Downloaded {
  fileName: string;
  size: number;
}

/** The file name of a Content-Disposition header (attachment; filename="x.csv"), if any. */
export function dispositionName(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : undefined;
}

/**
 * A failed blob request carries its JSON envelope as a Blob: read it back into response.data so
 * errorMessage() shows the server's message (e.g. "from must not be after to.").
 */
async function envelopeOf(err: unknown): Promise<never> {
  const res = (err as { response?: { data?: unknown } } | null)?.response;
  if (res && typeof Blob !== 'undefined' && res.data instanceof Blob) {
    try {
      res.data = JSON.parse(await res.data.text());
    } catch {
      res.data = undefined;
    }
  }
  throw err;
}

/** Hands a Blob to the browser as a download named fileName. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked on the next turn: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * GETs url through the app's authenticated client (the token travels in the Authorization
 * header, so a plain link could not do it) as a Blob and saves it under the server's file name,
 * else fallbackName. Empty filters are not sent. A failure rejects with the axios error, its
 * data the server's envelope.
 */
export async function downloadFile(
  client: AxiosInstance,
  url: string,
  params: Record<string, unknown>,
  fallbackName: string,
  save: (blob: Blob, fileName: string) => void = saveBlob,
): Promise<Downloaded> {
  const res = await client
    .get<Blob>(url, { params: withoutEmpty(params), responseType: 'blob', timeout: 0 })
    .catch(envelopeOf);
  const fileName = dispositionName(res.headers['content-disposition']) ?? fallbackName;
  save(res.data, fileName);
  return { fileName, size: res.data.size };
}
