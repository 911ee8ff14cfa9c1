// The jobs area's front door: the scheduled and queued work (the registry of jobs, the runner,
// the housekeeping and cleanup) that Netlify's functions and the Node server start. It sits on top:
// it may call any area.
export { drainQueues, jobContext, runScheduledJob } from './registry.ts';
export { runnerHost } from './runner-host.ts';
export { fromOwnServer, kickJobs, startJobRunner } from './runner.ts';
