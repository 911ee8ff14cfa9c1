// The page in /api/seo-pages/{slug}/view: a city-service page's slug (/{service}-{city}-ohio).
import { z } from 'zod';

export const SEO_PAGE_NOT_FOUND = 'SEO page not found';

export const ZSeoPageSlug = z
  .string()
  .max(120, 'Invalid page')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*-ohio$/, 'Invalid page');
