// The builder port: what builds the site for a publish run. The adapters are build-hook.ts
// (Netlify's build hook) and local-site.ts (a local rebuild); publisher.ts runs whichever it is
// given.
export interface BuildOutcome {
  status: 'live' | 'triggered' | 'failed';
  /** The log's tail (failed builds) or a short note. */
  log: string;
}

/** Builds the site for a run; never throws (a failure is an outcome with its log). */
export type Builder = (runId: number) => Promise<BuildOutcome>;
