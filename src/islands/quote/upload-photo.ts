// Uploads one photo of a quote request through upload() (progress, one Idempotency-Key however
// often it is sent, so a photo sent again after a lost connection is stored once).
import { upload, type ApiAnswer, type UploadOptions } from '../shared/api.ts';

export function uploadPhoto(
  file: File,
  requestKey: string,
  options: Pick<UploadOptions, 'onProgress' | 'signal'>,
): Promise<ApiAnswer<{ url?: string }>> {
  const form = new FormData();
  form.append('requestKey', requestKey);
  form.append('file', file);
  return upload<{ url?: string }>('/api/uploads', form, options);
}
