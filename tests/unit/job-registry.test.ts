// One registry serves every schedule (issue 28, Must 1): each Netlify function in
// netlify/functions is one line over a job of src/server/jobs/registry.ts with that job's
// schedule, and every scheduled job has its function; the background function drains the queues.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEDULED_JOBS, scheduleMinutes } from '../../src/server/jobs/registry.ts';

const DIR = path.resolve(import.meta.dirname, '../../netlify/functions');
const files = readdirSync(DIR).filter((f) => f.endsWith('.mts'));

describe('the Netlify functions over the job registry', () => {
  it('every scheduled job has a function of its name, with its schedule, running that job', () => {
    for (const job of SCHEDULED_JOBS) {
      const file = `${job.name}.mts`;
      expect(files, file).toContain(file);
      const text = readFileSync(path.join(DIR, file), 'utf8');
      expect(text).toContain(`runScheduledJob('${job.name}', db())`);
      expect(text).toContain(`export const config: Config = { schedule: '${job.schedule}' };`);
    }
  });

  it('every function is a scheduled job of the registry, or the queue runner', () => {
    const names = new Set(SCHEDULED_JOBS.map((j) => `${j.name}.mts`));
    for (const file of files) {
      if (file === 'run-jobs-background.mts') {
        const text = readFileSync(path.join(DIR, file), 'utf8');
        expect(text).toContain('fromOwnServer(request)');
        expect(text).toContain('drainQueues(');
        continue;
      }
      expect(names.has(file), `${file} is not a job of the registry`).toBe(true);
    }
  });

  it('schedules are periods the Node runner keeps', () => {
    expect(SCHEDULED_JOBS.map((j) => [j.name, scheduleMinutes(j.schedule)])).toEqual([
      ['run-jobs', 1],
      ['resume-leads', 5],
      ['ask-outcomes', 60],
      ['deliver-outbox', 1],
      ['credit-unanswered-leads', 60],
      ['expire-quotes', 60],
      ['expire-tokens', 60],
      ['auto-publish', 1],
    ]);
  });
});
