// Where the publisher (inside the server's Astro bundle) meets our Node server
// (scripts/lib/site-server.ts), which can rebuild the site into a fresh folder and switch to it.
// The server registers itself on a global symbol: the bundle and the launcher scripts load their
// own copies of this module, and the symbol is the one thing they share.
import type { BuildOutcome } from './builder.ts';

export interface LocalSiteHost {
  /** Builds the site into a fresh folder and, when the build succeeds, serves it. */
  rebuild(runId: number): Promise<BuildOutcome>;
}

const KEY = Symbol.for('dayton-contractors.local-site-host');

type HostGlobal = typeof globalThis & { [KEY]?: LocalSiteHost | null };

export function registerLocalSiteHost(host: LocalSiteHost | null): void {
  (globalThis as HostGlobal)[KEY] = host;
}

export function localSiteHost(): LocalSiteHost | null {
  return (globalThis as HostGlobal)[KEY] ?? null;
}
