// The article id in /api/articles/{id}/view: a UUID in its canonical 8-4-4-4-12 hex form.
import { z } from 'zod';

export const ZArticleId = z.guid({ error: 'Invalid article id' });
