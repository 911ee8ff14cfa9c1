// A job added to the owner's portfolio: its photo stored like the profile's (checked by content,
// metadata stripped, under the business's folder), then the row put last in the owner's order
// under the business's lock, so two adds at once cannot pass the limit together.
import { PORTFOLIO_MAX_ITEMS, PORTFOLIO_MESSAGES as M } from '../../../domain/portfolio-rules.ts';
import type { PortfolioItem, TPortfolioText } from '../../../schemas/portfolio.ts';
import { discardBusinessImage, NO_BUSINESS_MESSAGE, storeBusinessImage } from '../../accounts/index.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { UploadStore } from '../../platform/storage/upload-store.ts';
import { lockPortfolio, portfolioChanged, type PortfolioOwner } from './portfolio-items.ts';

export async function addPortfolioItem(
  sql: Sql,
  store: UploadStore,
  business: PortfolioOwner,
  input: { text: TPortfolioText; photo: Uint8Array | null },
): Promise<PortfolioItem[]> {
  if (!input.photo) throw new AppError('BAD_REQUEST', M.photoRequired, { file: [M.photoRequired] });
  const [count] = await sql<{ n: number }[]>`
    select count(*)::int as n from portfolio_items where business_id = ${business.id}`;
  if ((count?.n ?? 0) >= PORTFOLIO_MAX_ITEMS) throw new AppError('BAD_REQUEST', M.full);
  const { url } = await storeBusinessImage(store, business.id, input.photo);
  const items = await sql.begin(async (tx) => {
    if (!(await lockPortfolio(tx, business))) throw new AppError('NOT_FOUND', NO_BUSINESS_MESSAGE);
    const [added] = await tx`
      insert into portfolio_items (business_id, title, description, image_url, display_order)
      select ${business.id}, ${input.text.title}, ${input.text.description || null}, ${url},
             coalesce(max(display_order) + 1, 0)
        from portfolio_items where business_id = ${business.id}
      having count(*) < ${PORTFOLIO_MAX_ITEMS}
      returning id`;
    if (!added) return null;
    return portfolioChanged(tx, business, 'Portfolio job added by its owner');
  });
  if (!items) {
    await discardBusinessImage(store, business.id, url);
    throw new AppError('BAD_REQUEST', M.full);
  }
  return items;
}
