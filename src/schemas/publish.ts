// What GET/POST /api/admin/publish answer and the Publish panel (src/islands/admin/PublishPanel)
// shows: the latest publish runs, and the changes that wait for the next one.

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

/** One change the next publish puts on the site: an entity's publish requests for one reason. */
export interface PendingChange {
  /** The entity and reason, as one key. */
  id: string;
  kind: 'business' | 'review' | 'seo_page' | 'article' | 'service';
  /** The business, "Review by … of …", "Plumbing in Dayton", the article's title. */
  name: string;
  /** Why it was requested ("Contractor approved: …", "Profile updated by its owner"). */
  reason: string;
  /** How many requests of this reason wait (the same change made again counts once here). */
  count: number;
  latestAt: string;
  /** Who made them (e-mails); null: the system (a review submitted, a refund). */
  requestedBy: string | null;
  /** An approval: published automatically within minutes. */
  automatic: boolean;
  /** Its public page, where it has one. */
  href: string | null;
}

export interface PublishState {
  runs: PublishRunView[];
  /** Publish requests no run covers yet. */
  pending: number;
  /** What those requests are, newest first (at most PENDING_CHANGES_SHOWN lines). */
  changes: PendingChange[];
}

/** What each kind of changed thing is called in the Publish panel. */
export const PENDING_KIND_WORDS: Record<PendingChange['kind'], string> = {
  business: 'Business',
  review: 'Review',
  seo_page: 'SEO page',
  article: 'Article',
  service: 'Service',
};

/** Statuses during which the panel keeps polling. */
export const PUBLISH_IN_PROGRESS: readonly PublishStatus[] = ['queued', 'building'];

export const PUBLISH_STATUS_TEXT: Record<PublishStatus, string> = {
  queued: 'Queued: waits for the build in progress',
  building: 'Building the site…',
  live: 'Live: the new pages are served',
  triggered: 'Triggered: Netlify is building and deploying the site',
  failed: 'Failed: the site was not changed',
};
