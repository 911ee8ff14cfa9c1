// The portfolio editor's multipart body: a title, a description and (to add, or to replace the
// picture) one photo, read no further than a photo's limit allows whatever Content-Length says.
import { MAX_PHOTO_BYTES } from '../../domain/quote-rules.ts';
import { PORTFOLIO_MESSAGES } from '../../domain/portfolio-rules.ts';
import { ZPortfolioText, type TPortfolioText } from '../../schemas/portfolio.ts';
import { AppError } from '../errors.ts';
import { readBody } from '../http.ts';

const MAX_BODY_BYTES = MAX_PHOTO_BYTES + 64 * 1024;

export async function readPortfolioForm(
  request: Request,
): Promise<{ text: TPortfolioText; photo: Uint8Array | null }> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the portfolio item as multipart/form-data');
  }
  const body = await readBody(request, MAX_BODY_BYTES, PORTFOLIO_MESSAGES.tooLarge);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new AppError('BAD_REQUEST', 'The upload is not valid multipart/form-data');
  }
  const text = ZPortfolioText.parse({
    title: form.get('title') ?? '',
    description: form.get('description') ?? '',
  });
  const file = form.get('file');
  const photo = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  return { text, photo };
}
