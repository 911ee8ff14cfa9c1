// A portfolio item's title and description changed by its owner, and its photo replaced when a new
// one comes with them (the old file removed from the store once the row no longer lists it).
import { PORTFOLIO_MESSAGES as M } from '../../../domain/portfolio-rules.ts';
import type { PortfolioItem, TPortfolioText } from '../../../schemas/portfolio.ts';
import { discardBusinessImage, storeBusinessImage } from '../../accounts/index.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { UploadStore } from '../../platform/storage/upload-store.ts';
import {
  assertPortfolioId,
  listPortfolio,
  lockPortfolio,
  portfolioChanged,
  type PortfolioOwner,
} from './portfolio-items.ts';

export async function editPortfolioItem(
  sql: Sql,
  store: UploadStore,
  business: PortfolioOwner,
  itemId: string,
  input: { text: TPortfolioText; photo: Uint8Array | null },
): Promise<PortfolioItem[]> {
  const id = assertPortfolioId(itemId);
  const stored = input.photo ? await storeBusinessImage(store, business.id, input.photo) : null;
  try {
    const { items, replaced } = await sql.begin(async (tx) => {
      if (!(await lockPortfolio(tx, business))) throw new AppError('NOT_FOUND', M.notFound);
      const [old] = await tx<{ image_url: string | null }[]>`
        select image_url from portfolio_items where id = ${id} and business_id = ${business.id}`;
      if (!old) throw new AppError('NOT_FOUND', M.notFound);
      const edited = await tx`
        update portfolio_items
           set title = ${input.text.title}, description = ${input.text.description || null},
               image_url = ${stored ? stored.url : old.image_url}
         where id = ${id} and business_id = ${business.id}
           and (title, description, image_url) is distinct from
               (${input.text.title}, ${input.text.description || null}, ${stored ? stored.url : old.image_url})
        returning 1`;
      return {
        // Saved as it was: nothing public changes, so no publish (each one is a build).
        items:
          edited.length === 0
            ? await listPortfolio(tx, business.id)
            : await portfolioChanged(tx, business, 'Portfolio job edited by its owner'),
        replaced: stored ? old.image_url : null,
      };
    });
    if (replaced) await discardBusinessImage(store, business.id, replaced);
    return items;
  } catch (error) {
    if (stored) await discardBusinessImage(store, business.id, stored.url);
    throw error;
  }
}
