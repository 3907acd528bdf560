import type { AxiosInstance } from 'axios';
import type { Envelope } from './errors';

/**
 * POST /api/v1/superadmin/media/add, the one upload route both BFFs mount: the file goes in the
 * multipart field 'medias'. Each app's calls unwrap the answer their own way.
 */
export function postMedia<T>(client: AxiosInstance, file: File | Blob, filename?: string): Promise<{ data: Envelope<T> }> {
  const form = new FormData();
  if (filename) form.append('medias', file, filename);
  else form.append('medias', file);
  return client.post('/api/v1/superadmin/media/add', form, { headers: { 'Content-Type': 'multipart/form-data' } });
}
