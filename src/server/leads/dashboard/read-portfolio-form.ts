// The portfolio editor's multipart body: a title, a description and (to add, or to replace the
// picture) one photo, read like the profile's photo upload (uploads/read-photo-form.ts).
import { ZPortfolioText, type TPortfolioText } from '../../../schemas/portfolio.ts';
import { readUploadForm } from '../../platform/uploads/read-photo-form.ts';

export async function readPortfolioForm(
  request: Request,
): Promise<{ text: TPortfolioText; photo: Uint8Array | null }> {
  const form = await readUploadForm(request);
  const text = ZPortfolioText.parse({
    title: form.get('title') ?? '',
    description: form.get('description') ?? '',
  });
  const file = form.get('file');
  const photo = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  return { text, photo };
}
