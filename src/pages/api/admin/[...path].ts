// The guard of /api/admin/* is in force (src/middleware.ts) before these endpoints exist: a caller
// who passes it is told there is no such endpoint yet.
import { AppError } from '~/server/platform/errors';
import { route } from '~/server/platform/route';

export const prerender = false;

export const ALL = route({ auth: 'admin' }, () => {
  throw new AppError('NOT_FOUND', 'Not found');
});
