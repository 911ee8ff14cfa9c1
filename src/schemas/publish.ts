// What GET/POST /api/admin/publish answer and the Publish panel (src/islands/admin/PublishPanel)
// shows: the latest publish runs and how many changes wait for the next one.

export type PublishStatus = 'queued' | 'building' | 'live' | 'triggered' | 'failed';

export interface PublishRunView {
  id: number;
  status: PublishStatus;
  requestedBy: string | null;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** The last lines of the build's log (failed runs; a short note otherwise). */
  logTail: string | null;
  /** Publish requests this run covers. */
  requests: number;
}

export interface PublishState {
  runs: PublishRunView[];
  /** Publish requests no run covers yet. */
  pending: number;
}

/** Statuses during which the panel keeps polling. */
export const PUBLISH_IN_PROGRESS: readonly PublishStatus[] = ['queued', 'building'];

export const PUBLISH_STATUS_TEXT: Record<PublishStatus, string> = {
  queued: 'Queued: waits for the build in progress',
  building: 'Building the site…',
  live: 'Live: the new pages are served',
  triggered: 'Triggered: Netlify is building and deploying the site',
  failed: 'Failed: the site was not changed',
};
