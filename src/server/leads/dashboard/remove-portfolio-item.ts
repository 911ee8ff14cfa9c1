// A job removed from the owner's portfolio; its photo leaves the store when it was the business's
// own upload (demo placeholders are shared). Another business's item is not found.
import { PORTFOLIO_MESSAGES as M } from '../../../domain/portfolio-rules.ts';
import type { PortfolioItem } from '../../../schemas/portfolio.ts';
import { discardBusinessImage } from '../../accounts/index.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { UploadStore } from '../../platform/storage/upload-store.ts';
import {
  assertPortfolioId,
  lockPortfolio,
  portfolioChanged,
  type PortfolioOwner,
} from './portfolio-items.ts';

export async function removePortfolioItem(
  sql: Sql,
  store: UploadStore,
  business: PortfolioOwner,
  itemId: string,
): Promise<PortfolioItem[]> {
  const id = assertPortfolioId(itemId);
  const { items, imageUrl } = await sql.begin(async (tx) => {
    if (!(await lockPortfolio(tx, business))) throw new AppError('NOT_FOUND', M.notFound);
    const [removed] = await tx<{ image_url: string | null }[]>`
      delete from portfolio_items where id = ${id} and business_id = ${business.id} returning image_url`;
    if (!removed) throw new AppError('NOT_FOUND', M.notFound);
    return {
      items: await portfolioChanged(tx, business, 'Portfolio job removed by its owner'),
      imageUrl: removed.image_url,
    };
  });
  if (imageUrl) await discardBusinessImage(store, business.id, imageUrl);
  return items;
}
