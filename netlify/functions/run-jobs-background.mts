// A background function (15 minutes at most, answered 202 at once): drains the job queue. The
// server function that queued a job (a confirmed request's sale) invokes it at once, so a sale
// starts within a second rather than at the next minute's run-jobs; our own token only
// (runner.ts). Why background and scheduled: docs/architecture.md, "Background work".
import { db } from '../../src/server/platform/db/client.ts';
import { drainQueues, jobContext, fromOwnServer } from '../../src/server/jobs/index.ts';

export default async (request: Request): Promise<void> => {
  if (!fromOwnServer(request)) return;
  console.log('run-jobs-background', await drainQueues(jobContext(db()), Date.now() + 14 * 60_000));
};
