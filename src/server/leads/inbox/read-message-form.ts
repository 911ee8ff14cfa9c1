// The dashboard's message form (issue 25): a multipart body of the text (`body`) and at most one
// photo (`file`), read no further than the photo's limit allows (uploads/read-photo-form.ts).
import { ZContractorMessage } from '../../../schemas/inbox.ts';
import { readUploadForm } from '../../platform/uploads/read-photo-form.ts';

export async function readMessageForm(request: Request): Promise<{ body: string; photo: Uint8Array | null }> {
  const form = await readUploadForm(request);
  const { body } = ZContractorMessage.parse({ body: form.get('body') ?? '' });
  const file = form.get('file');
  const photo = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  return { body, photo };
}
