// Netlify's deploy notifications, back into publish runs. A run whose build hook Netlify accepted is
// 'triggered'; Netlify then builds and deploys on its own and, through the outgoing webhooks
// "Deploy succeeded" and "Deploy failed" (Project configuration → Notifications → Deploy
// notifications, pointed at POST /api/netlify/deploy-status), reports the end. The deploy's title
// names the run (the hook's trigger_title, build-hook.ts). A succeeded deploy makes the run 'live';
// a failed one makes it 'failed' with Netlify's message, and hands its requests back to the next
// publish, as a failed local rebuild does.
//
// Netlify signs each notification with the JWS secret set on the webhook: the header
// X-Webhook-Signature holds an HS256 JWT whose issuer is "netlify" and whose claim sha256 is the hex
// SHA-256 of the raw body. A missing or wrong signature changes nothing.
import { createHash, timingSafeEqual } from 'node:crypto';
import { jwtVerify } from 'jose';
import * as z from 'zod/mini';
import type { Sql } from '../db/client.ts';
import { runOfDeployTitle } from './build-hook.ts';
import { logTail } from './publish-runs.ts';

export const NETLIFY_SIGNATURE_HEADER = 'x-webhook-signature';

/** A deploy as Netlify's notification carries it: the fields we read (it sends many more). */
const ZDeploy = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  state: z.string().check(z.maxLength(50)),
  title: z.nullish(z.string().check(z.maxLength(500))),
  error_message: z.nullish(z.string().check(z.maxLength(10_000))),
});

export type DeployOutcome =
  /** The run took the deploy's end. */
  | 'recorded'
  /** A deploy no publish started, a state that is not an end, or a run already ended. */
  | 'ignored';

export class DeploySignatureError extends Error {
  override name = 'DeploySignatureError';
}

/** Checks the notification's signature over `rawBody`; throws DeploySignatureError when it fails. */
export async function verifyDeploySignature(
  rawBody: string,
  signature: string | null,
  secret: string,
): Promise<void> {
  if (!signature) throw new DeploySignatureError('The deploy notification is not signed');
  let claimed: unknown;
  try {
    const { payload } = await jwtVerify(signature, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      issuer: 'netlify',
    });
    claimed = payload['sha256'];
  } catch {
    throw new DeploySignatureError("The deploy notification's signature is not valid");
  }
  const actual = createHash('sha256').update(rawBody).digest();
  const expected =
    typeof claimed === 'string' && /^[0-9a-f]{64}$/i.test(claimed) ? Buffer.from(claimed, 'hex') : null;
  if (!expected || !timingSafeEqual(actual, expected)) {
    throw new DeploySignatureError('The deploy notification does not match its signature');
  }
}

/**
 * Records a verified notification's deploy on the run its title names. Only a 'triggered' run
 * moves, and only on an end (ready or error), so a repeated or late notification changes nothing.
 */
export async function receiveDeployStatus(sql: Sql, body: unknown): Promise<DeployOutcome> {
  const parsed = ZDeploy.safeParse(body);
  if (!parsed.success) return 'ignored';
  const deploy = parsed.data;
  const runId = runOfDeployTitle(deploy.title);
  if (runId === null) return 'ignored';
  const ended = deploy.state === 'ready' ? 'live' : deploy.state === 'error' ? 'failed' : null;
  return sql.begin(async (tx) => {
    const [run] = await tx<{ status: string }[]>`
      select status from publish_runs where id = ${runId} for update`;
    if (!run || run.status !== 'triggered') return 'ignored';
    if (!ended) {
      await tx`update publish_runs set deploy_id = ${deploy.id} where id = ${runId}`;
      return 'ignored';
    }
    const log =
      ended === 'live'
        ? `Netlify's deploy ${deploy.id} is live.`
        : `Netlify's deploy ${deploy.id} failed: ${deploy.error_message || 'Netlify gave no reason.'}`;
    await tx`
      update publish_runs set status = ${ended}, deploy_id = ${deploy.id}, finished_at = now(),
             log_tail = ${logTail(log)}
       where id = ${runId}`;
    if (ended === 'failed') {
      await tx`
        update publish_requests set published_at = null, publish_run_id = null
         where publish_run_id = ${runId}`;
    }
    return 'recorded';
  });
}
