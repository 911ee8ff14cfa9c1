// The portfolio editor's multipart body: a title, a description and (to add, or to replace the
// picture) one photo, read by the endpoint like the profile's photo upload
// (platform/uploads/read-photo-form.ts).
import { ZPortfolioText, type TPortfolioText } from '../../../schemas/portfolio.ts';
import { optionalPhotoOfForm } from '../../platform/uploads/read-photo-form.ts';

export async function portfolioOfForm(
  form: FormData,
): Promise<{ text: TPortfolioText; photo: Uint8Array | null }> {
  const text = ZPortfolioText.parse({
    title: form.get('title') ?? '',
    description: form.get('description') ?? '',
  });
  return { text, photo: await optionalPhotoOfForm(form) };
}
