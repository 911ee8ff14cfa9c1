// The owner's order of its portfolio: the ids of every item, each once, in the new order (a list
// that leaves one out, names one twice or another business's is refused whole), numbered 0.. in
// one statement under the business's lock.
import { PORTFOLIO_MESSAGES as M } from '../../../domain/portfolio-rules.ts';
import type { PortfolioItem } from '../../../schemas/portfolio.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { listPortfolio, lockPortfolio, portfolioChanged, type PortfolioOwner } from './portfolio-items.ts';

export async function reorderPortfolio(
  sql: Sql,
  business: PortfolioOwner,
  ids: readonly string[],
): Promise<PortfolioItem[]> {
  return sql.begin(async (tx) => {
    if (!(await lockPortfolio(tx, business))) throw new AppError('NOT_FOUND', M.notFound);
    const current = await tx<
      { id: string }[]
    >`select id from portfolio_items where business_id = ${business.id}`;
    const known = new Set(current.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((id) => known.has(id)))
      throw new AppError('BAD_REQUEST', M.order, { ids: [M.order] });
    const moved = await tx`
      update portfolio_items p set display_order = o.n - 1
        from unnest(${ids}::uuid[]) with ordinality as o(id, n)
       where p.id = o.id and p.business_id = ${business.id} and p.display_order is distinct from o.n - 1
      returning 1`;
    // The same order again changes nothing public: no publish (each one is a build).
    if (moved.length === 0) return listPortfolio(tx, business.id);
    return portfolioChanged(tx, business, 'Portfolio reordered by its owner');
  });
}
