// Production's builder: Netlify's build hook (BUILD_HOOK_URL). A POST starts a build of the
// deployed branch; Netlify answers at once and reports the build's end in its own deploy log and
// notifications, so a run whose hook accepted the POST is 'triggered', not 'live'. The hook's URL
// is a secret (anyone holding it can start builds): it is never logged or shown, not even in a
// failed run's log.
import type { Builder } from './publisher.ts';

/** How long the hook may take to answer. */
export const BUILD_HOOK_TIMEOUT_MS = 10_000;

export function hookBuilder(url: string, timeoutMs = BUILD_HOOK_TIMEOUT_MS): Builder {
  return async (runId) => {
    try {
      const answer = await fetch(url, {
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
