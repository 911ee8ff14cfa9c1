// The Web Push port: hands one encrypted message to a device's push service (RFC 8030). The
// adapter (web-push-port.ts) encrypts and signs with the web-push SDK; tests and the benchmark
// point subscriptions at a local push service that decrypts as a browser would
// (tests/helpers/push-service.ts). index.ts builds the deployment's.

/** Where one device receives pushes, as its browser subscribed. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service keeps the message for a device that is offline. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces an undelivered message with the same topic (RFC 8030 §5.4). */
  topic?: string;
}

export interface PushPort {
  /** The push service's HTTP status: 201 accepted; 404 or 410 the subscription is gone. */
  send(target: PushTarget, payload: string, options: PushOptions): Promise<{ status: number }>;
  /** The public key browsers subscribe with (applicationServerKey). */
  readonly publicKey: string;
}

/** The push service could not be reached or did not answer in time. */
export class PushUnavailableError extends Error {
  override name = 'PushUnavailableError';
}
