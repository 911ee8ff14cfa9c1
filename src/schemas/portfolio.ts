// The portfolio editor's fields and answers, shared by the Profile tab and
// /api/contractor/portfolio*: text through the plain-text sanitiser, limits checked after it.
import * as z from 'zod/mini';
import {
  PORTFOLIO_DESCRIPTION_MAX,
  PORTFOLIO_MAX_ITEMS,
  PORTFOLIO_MESSAGES as M,
  PORTFOLIO_TITLE_MAX,
} from '../domain/portfolio-rules.ts';
import { sanitizeText } from '../domain/sanitize-text.ts';

/** Raw text is capped before it is cleaned, so a huge body costs nothing. */
const clean = (max: number) =>
  z.pipe(
    z.string().check(z.maxLength(max * 4, max === PORTFOLIO_TITLE_MAX ? M.title : M.description)),
    z.transform((value: string) => sanitizeText(value, Number.MAX_SAFE_INTEGER)),
  );

export const ZPortfolioText = z.strictObject({
  title: z.pipe(
    clean(PORTFOLIO_TITLE_MAX),
    z.string().check(z.minLength(1, M.titleRequired), z.maxLength(PORTFOLIO_TITLE_MAX, M.title)),
  ),
  description: z.pipe(
    clean(PORTFOLIO_DESCRIPTION_MAX),
    z.string().check(z.maxLength(PORTFOLIO_DESCRIPTION_MAX, M.description)),
  ),
});
export type TPortfolioText = z.output<typeof ZPortfolioText>;

/** Every item's id, in the new order. */
export const ZPortfolioOrder = z.strictObject({
  ids: z.array(z.uuid(M.order)).check(z.maxLength(PORTFOLIO_MAX_ITEMS, M.order)),
});

export interface PortfolioItem {
  id: string;
  title: string;
  description: string;
  imageUrl: string | null;
  displayOrder: number;
}

export interface PortfolioAnswer {
  items: PortfolioItem[];
}
