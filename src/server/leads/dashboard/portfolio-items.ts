// The portfolio of one business as its owner edits it: its items in the owner's order
// (display_order, then newest first, as the demo data numbers them), and the publish request
// every change records (the public profile is a prebuilt page).
import { PORTFOLIO_MESSAGES } from '../../../domain/portfolio-rules.ts';
import type { PortfolioItem } from '../../../schemas/portfolio.ts';
import type { Db, TransactionSql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { requestPublish } from '../../platform/publish/request-publish.ts';

export type PortfolioOwner = { id: string; ownerId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id answers like an unknown one and another business's: not found. */
export function assertPortfolioId(id: string | undefined): string {
  if (!id || !UUID.test(id)) throw new AppError('NOT_FOUND', PORTFOLIO_MESSAGES.notFound);
  return id;
}

export async function listPortfolio(sql: Db, businessId: string): Promise<PortfolioItem[]> {
  return sql<PortfolioItem[]>`
    select id, title, coalesce(description, '') as description, image_url as "imageUrl",
           display_order as "displayOrder"
      from portfolio_items
     where business_id = ${businessId}
     order by display_order, created_at desc, id`;
}

/** Locks the business's row: portfolio changes of one business take turns (limit, order). */
export async function lockPortfolio(tx: TransactionSql, business: PortfolioOwner): Promise<boolean> {
  const [row] = await tx`
    select 1 from businesses where id = ${business.id} and owner_id = ${business.ownerId} for no key update`;
  return Boolean(row);
}

export async function portfolioChanged(
  tx: TransactionSql,
  business: PortfolioOwner,
  reason: string,
): Promise<PortfolioItem[]> {
  await requestPublish(tx, {
    reason,
    entityType: 'business',
    entityId: business.id,
    requestedBy: business.ownerId,
    automatic: true,
  });
  return listPortfolio(tx, business.id);
}
