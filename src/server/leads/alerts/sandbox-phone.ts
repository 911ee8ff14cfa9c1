// The sandbox phone: a device whose push service is this server's /dev/push/sandbox-phone, so on
// a developer's machine (`npm start`) a sold lead's alert can be seen without a real phone or a
// push service. The demo contractor has it among its devices (scripts/lib/seed-demo-alerts.ts);
// /dev/push shows what it received, decrypted with its keys. Its keys are fixed and public:
// development only. Like /dev/sms, it exists only on the embedded database, for requests from
// this machine to a loopback host name.
import { isLoopbackRequest } from '../../../domain/loopback.ts';
import { isEmbeddedDatabase } from '../../platform/config/database.ts';
import { decryptPush, receiverKeys } from './push-decrypt.ts';

export const SANDBOX_PHONE = {
  id: 'sandbox-phone',
  label: 'Sandbox phone (alerts show at /dev/push)',
  privateKey: '288PGmUvQacpg_vXyhZeavgc1mOsoGbOWHiMx7ruxfw',
  p256dh: 'BHqqtMUp8v7wmJUZz-zwZ0jPf9Gpmu_0VF6D8j-7JH48bazYcpRrr70WcWzJ3MsyMTjT_Vm0jZWzBKMelLbmoME',
  auth: '_Jk-rvZSBxEEIbFkkg3BUw',
} as const;

/** Whether the sandbox phone (its push service and /dev/push) exists for this request. */
export function sandboxPhoneHere(clientAddress: string | null, host: string | null): boolean {
  return isEmbeddedDatabase() && isLoopbackRequest(clientAddress, host);
}

/** Where the sandbox phone's push service is, on the site at `origin`. */
export const sandboxPhoneEndpoint = (origin: string): string => `${origin}/dev/push/${SANDBOX_PHONE.id}`;

export interface SandboxPush {
  receivedAt: Date;
  ttl: number;
  urgency: string | null;
  /** The decrypted alert (JSON as the sender wrote it). */
  payload: string;
}

/** The newest first, at most this many, in this process's memory. */
const KEPT = 50;
const received: SandboxPush[] = [];

/**
 * Takes one push as a push service would (RFC 8030): 201 once it decrypts with the phone's keys,
 * 400 for a message it cannot read, 415 for another content coding.
 */
export async function receiveSandboxPush(request: Request): Promise<Response> {
  if (request.headers.get('content-encoding') !== 'aes128gcm') return new Response(null, { status: 415 });
  const body = Buffer.from(await request.arrayBuffer());
  let payload: string;
  try {
    const keys = receiverKeys(SANDBOX_PHONE.privateKey, SANDBOX_PHONE.p256dh, SANDBOX_PHONE.auth);
    payload = decryptPush(body, keys).toString('utf8');
  } catch {
    return new Response(null, { status: 400 });
  }
  received.unshift({
    receivedAt: new Date(),
    ttl: Number(request.headers.get('ttl') ?? 0),
    urgency: request.headers.get('urgency'),
    payload,
  });
  received.length = Math.min(received.length, KEPT);
  return new Response(null, { status: 201 });
}

export function sandboxPushes(): SandboxPush[] {
  return [...received];
}
