// Production's builder: Netlify's build hook (BUILD_HOOK_URL). A POST starts a build of the
// deployed branch; Netlify answers at once and reports the build's end in its own deploy log and
// notifications, so a run whose hook accepted the POST is 'triggered', not 'live'. The hook's URL
// is a secret (anyone holding it can start builds): it is never logged or shown, not even in a
// failed run's log. The hook's trigger_title names the run ("Publish run 12"): Netlify makes it the
// deploy's title, which its deploy notifications carry back (deploy-status.ts).
import type { Builder } from './builder.ts';

/** How long the hook may take to answer. */
const BUILD_HOOK_TIMEOUT_MS = 10_000;

/** The title of the deploy a run starts, and how a deploy notification names its run. */
export const deployTitle = (runId: number): string => `Publish run ${runId}`;

/** The run a deploy's title names; null for deploys a publish did not start (a git push). */
export function runOfDeployTitle(title: string | null | undefined): number | null {
  const match = /^Publish run (\d{1,15})$/.exec(title ?? '');
  return match ? Number(match[1]) : null;
}

export function hookBuilder(url: string, timeoutMs = BUILD_HOOK_TIMEOUT_MS): Builder {
  return async (runId) => {
    try {
      const target = new URL(url);
      target.searchParams.set('trigger_title', deployTitle(runId));
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Netlify hands the body to the build as INCOMING_HOOK_BODY; the build needs none.
        body: '{}',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await answer.body?.cancel();
      if (answer.ok) {
        return {
          status: 'triggered',
          log: `Netlify's build hook accepted publish run ${runId}; Netlify's deploy log shows the build.`,
        };
      }
      return { status: 'failed', log: `Netlify's build hook answered ${answer.status}.` };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return {
        status: 'failed',
        log: timedOut
          ? `Netlify's build hook did not answer within ${timeoutMs / 1000} s.`
          : "Netlify's build hook could not be reached.",
      };
    }
  };
}
