// The devices that receive an account's alerts: added when the browser subscribes (the
// dashboard's "Turn on alerts on this device"), listed, removed by their owner, and removed by
// the sender when their push service says they are gone. A push service's endpoint must be one
// of the browsers' own (PUSH_SERVICE_HOSTS, https), so the server never sends a request to an
// address a caller chose; outside production, a stand-in on this machine is allowed too.
import { ALERT_MESSAGES as M, MAX_PUSH_DEVICES, isPushServiceHost } from '../../../domain/alert-rules.ts';
import type { PushDevice, TPushSubscription } from '../../../schemas/alerts.ts';
import { localPushServicesAllowed } from '../../platform/config/messaging.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';

/** Why an endpoint is refused, or null when a push may go there. */
export function endpointProblem(endpoint: string, allowLocal = localPushServicesAllowed()): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return M.badSubscription;
  }
  if (url.username || url.password) return M.badSubscription;
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (allowLocal && local && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:' || url.port !== '' || !isPushServiceHost(url.hostname))
    return M.unknownService;
  return null;
}

/** Browsers and systems by their User-Agent marks, the more specific first (Edge says Chrome too). */
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iPhone or iPad'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const named = (ua: string, table: [RegExp, string][]) => table.find(([mark]) => mark.test(ua))?.[1] ?? null;

/** "Chrome on Android", from the browser's User-Agent; "This browser" when it cannot tell. */
export function deviceLabel(userAgent: string | null): string {
  const browser = named(userAgent ?? '', BROWSERS);
  const system = named(userAgent ?? '', SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'This browser';
}

interface DeviceRow {
  id: string;
  label: string;
  endpoint: string;
  createdAt: Date;
  lastSuccessAt: Date | null;
}

const toDevice = (row: DeviceRow): PushDevice => ({
  id: row.id,
  label: row.label,
  endpoint: row.endpoint,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
});

export async function listPushDevices(sql: Sql, userId: string): Promise<PushDevice[]> {
  const rows = await sql<DeviceRow[]>`
    select id, label, endpoint, created_at as "createdAt", last_success_at as "lastSuccessAt"
      from push_subscriptions where user_id = ${userId} order by created_at, id`;
  return rows.map(toDevice);
}

/**
 * Registers this browser's subscription for the user. The same endpoint again (the browser
 * renewed its keys, or another account on this device) is updated in place and becomes this
 * user's: a device alerts whoever turned alerts on there last.
 */
export async function addPushDevice(
  sql: Sql,
  userId: string,
  subscription: TPushSubscription,
  userAgent: string | null,
): Promise<PushDevice> {
  const problem = endpointProblem(subscription.endpoint);
  if (problem) throw new AppError('BAD_REQUEST', problem, { subscription: [problem] });
  return sql.begin(async (tx) => {
    // One user's devices are counted under a lock on the user, so two at once cannot pass the limit.
    await tx`select id from users where id = ${userId} for update`;
    const [count] = await tx<{ n: number }[]>`
      select count(*)::int as n from push_subscriptions where user_id = ${userId} and endpoint <> ${subscription.endpoint}`;
    if ((count?.n ?? 0) >= MAX_PUSH_DEVICES) throw new AppError('CONFLICT', M.tooMany);
    const [row] = await tx<DeviceRow[]>`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth, label)
      values (${userId}, ${subscription.endpoint}, ${subscription.keys.p256dh}, ${subscription.keys.auth},
              ${deviceLabel(userAgent)})
      on conflict (endpoint) where lead_id is null do update set
        user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label,
        last_error = null
      returning id, label, endpoint, created_at as "createdAt", last_success_at as "lastSuccessAt"`;
    return toDevice(row!);
  });
}

/** Removes one of the user's devices; another user's, or none, is a 404. */
export async function removePushDevice(sql: Sql, userId: string, deviceId: string): Promise<void> {
  const removed =
    await sql`delete from push_subscriptions where id = ${deviceId} and user_id = ${userId} returning id`;
  if (removed.length === 0) throw new AppError('NOT_FOUND', M.notFound);
}
