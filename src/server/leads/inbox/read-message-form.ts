// The dashboard's message form (issue 25): a multipart body of the text (`body`) and at most one
// photo (`file`), read by the endpoint no further than the photo's limit allows
// (platform/uploads/read-photo-form.ts).
import { ZContractorMessage } from '../../../schemas/inbox.ts';
import { optionalPhotoOfForm } from '../../platform/uploads/read-photo-form.ts';

export async function messageOfForm(form: FormData): Promise<{ body: string; photo: Uint8Array | null }> {
  const { body } = ZContractorMessage.parse({ body: form.get('body') ?? '' });
  return { body, photo: await optionalPhotoOfForm(form) };
}
