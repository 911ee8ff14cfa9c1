// A stand-in for Twilio at the HTTP boundary: Verify (send and check a code), Lookup v2 (line type
// intelligence) and Messaging, answered as Twilio answers them, with its error bodies and codes.
// The real `twilio` SDK talks to it over HTTP: TWILIO_API_URL names its base, and the adapter's
// HTTP client sends https://verify.twilio.com/v2/... to <base>/verify.twilio.com/v2/....
// Codes it "sends" are readable by tests (lastCode), as a phone would show them.
import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TWILIO_ACCOUNT_SID = `AC${'1'.repeat(32)}`;
export const TWILIO_AUTH_TOKEN = 'stand-in-auth-token';
export const TWILIO_VERIFY_SERVICE_SID = `VA${'2'.repeat(32)}`;
export const TWILIO_MESSAGING_SERVICE_SID = `MG${'3'.repeat(32)}`;

interface Verification {
  sid: string;
  to: string;
  channel: string;
  code: string;
  status: 'pending' | 'approved' | 'canceled' | 'max_attempts_reached' | 'expired';
  checks: number;
  createdAt: number;
}

export interface TwilioStandIn {
  /** The base URL for TWILIO_API_URL. */
  url: string;
  /** Every request: method, host (verify.twilio.com...), path and form or query parameters. */
  requests: { method: string; host: string; path: string; params: URLSearchParams }[];
  /** Line types by E.164 number (default mobile). */
  lineTypes: Map<string, string>;
  /** Texts sent through Messaging; receivedAt: when the stand-in read the request (ms). */
  messages: {
    sid: string;
    to: string;
    body: string;
    messagingServiceSid: string | null;
    receivedAt: number;
  }[];
  /** E.164 numbers that replied STOP: a text to one is refused with 21610, as Twilio does. */
  optedOut: Set<string>;
  /** The newest code sent to an E.164 number, as the phone would show it. */
  lastCode(to: string): string | undefined;
  /** Answer every request with this HTTP status (e.g. 503) until set back to null. */
  failWith: number | null;
  /** Every answer is sent this long after its request arrived. */
  latencyMs: number;
  /** Minutes a verification lives (Verify's default is 10). */
  ttlMinutes: number;
  close(): Promise<void>;
}

/** Checks a verification takes before Verify reports 60202 (max check attempts reached). */
const MAX_CHECKS = 5;

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const verifications: Verification[] = [];
  const standIn: TwilioStandIn = {
    url: '',
    requests: [],
    lineTypes: new Map(),
    messages: [],
    optedOut: new Set(),
    lastCode: (to) => verifications.filter((v) => v.to === to).at(-1)?.code,
    failWith: null,
    latencyMs: 0,
    ttlMinutes: 10,
    close: () => Promise.resolve(),
  };

  const live = (v: Verification) =>
    v.status === 'pending' && Date.now() - v.createdAt < standIn.ttlMinutes * 60_000;

  function handle(
    method: string,
    host: string,
    path: string,
    params: URLSearchParams,
    receivedAt: number,
  ): [number, unknown] {
    const verify = /^\/v2\/Services\/(VA[0-9a-f]{32})\/(Verifications|VerificationCheck)$/.exec(path);
    if (host === 'verify.twilio.com' && method === 'POST' && verify) {
      if (verify[1] !== TWILIO_VERIFY_SERVICE_SID)
        return error(404, 20404, 'The requested resource was not found');
      const to = params.get('To') ?? '';
      if (!/^\+1[2-9]\d{2}[2-9]\d{6}$/.test(to)) return error(400, 60200, 'Invalid parameter `To`');
      if (verify[2] === 'Verifications') {
        const channel = params.get('Channel') ?? '';
        if (!['sms', 'call'].includes(channel)) return error(400, 60200, 'Invalid parameter: Channel');
        if (channel === 'sms' && standIn.lineTypes.get(to) === 'landline') {
          return error(400, 60205, 'SMS is not supported by landline phone number');
        }
        for (const v of verifications) if (v.to === to && v.status === 'pending') v.status = 'canceled';
        const v: Verification = {
          sid: `VE${randomBytes(16).toString('hex')}`,
          to,
          channel,
          code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
          status: 'pending',
          checks: 0,
          createdAt: Date.now(),
        };
        verifications.push(v);
        return [201, verificationBody(v)];
      }
      const v = verifications.filter((x) => x.to === to && live(x)).at(-1);
      if (!v)
        return error(
          404,
          20404,
          `The requested resource /Services/${verify[1]}/VerificationCheck was not found`,
        );
      if (v.checks >= MAX_CHECKS) {
        v.status = 'max_attempts_reached';
        return error(429, 60202, 'Max check attempts reached');
      }
      v.checks += 1;
      if (params.get('Code') === v.code) v.status = 'approved';
      return [200, { ...verificationBody(v), valid: v.status === 'approved' }];
    }
    const lookup = /^\/v2\/PhoneNumbers\/([^/]+)$/.exec(path);
    if (host === 'lookups.twilio.com' && method === 'GET' && lookup) {
      const number = decodeURIComponent(lookup[1]!);
      const valid = /^\+1[2-9]\d{2}[2-9]\d{6}$/.test(number);
      const fields = (params.get('Fields') ?? '').split(',');
      return [
        200,
        {
          calling_country_code: '1',
          country_code: 'US',
          phone_number: number,
          national_format: valid
            ? `(${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`
            : number,
          valid,
          validation_errors: valid ? [] : ['NOT_A_NUMBER'],
          caller_name: null,
          sim_swap: null,
          call_forwarding: null,
          line_status: null,
          line_type_intelligence: fields.includes('line_type_intelligence')
            ? {
                error_code: null,
                mobile_country_code: '311',
                mobile_network_code: '180',
                carrier_name: 'Stand-in Wireless',
                type: standIn.lineTypes.get(number) ?? 'mobile',
              }
            : null,
          url: `https://lookups.twilio.com/v2/PhoneNumbers/${encodeURIComponent(number)}`,
        },
      ];
    }
    const messages = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(path);
    if (host === 'api.twilio.com' && method === 'POST' && messages) {
      const to = params.get('To') ?? '';
      if (!/^\+1\d{10}$/.test(to)) return error(400, 21211, "The 'To' number is not a valid phone number.");
      if (standIn.optedOut.has(to)) return error(400, 21610, 'Attempt to send to unsubscribed recipient');
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const body = params.get('Body') ?? '';
      standIn.messages.push({
        sid,
        to,
        body,
        messagingServiceSid: params.get('MessagingServiceSid'),
        receivedAt,
      });
      return [
        201,
        {
          sid,
          account_sid: messages[1],
          to,
          body,
          status: 'accepted',
          messaging_service_sid: params.get('MessagingServiceSid'),
          num_segments: '1',
          direction: 'outbound-api',
          date_created: new Date().toUTCString(),
          uri: `/2010-04-01/Accounts/${messages[1]}/Messages/${sid}.json`,
        },
      ];
    }
    return error(404, 20404, 'The requested resource was not found');
  }

  const server: Server = createServer((req, res) => {
    void readBody(req).then(async (raw) => {
      const receivedAt = Date.now();
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const [, host = '', ...rest] = url.pathname.split('/');
      const path = `/${rest.join('/')}`;
      const method = req.method ?? 'GET';
      const params = new URLSearchParams(method === 'GET' ? url.search : raw);
      standIn.requests.push({ method, host, path, params });
      if (standIn.latencyMs) await new Promise((resolve) => setTimeout(resolve, standIn.latencyMs));
      if (standIn.failWith) return send(res, ...error(standIn.failWith, 20500, 'Internal Server Error'));
      const expected = `Basic ${Buffer.from(`${TWILIO_ACCOUNT_SID}:${TWILIO_AUTH_TOKEN}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return send(res, ...error(401, 20003, 'Authenticate'));
      send(res, ...handle(method, host, path, params, receivedAt));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}

function verificationBody(v: Verification) {
  return {
    sid: v.sid,
    service_sid: TWILIO_VERIFY_SERVICE_SID,
    account_sid: TWILIO_ACCOUNT_SID,
    to: v.to,
    channel: v.channel,
    status: v.status,
    valid: false,
    date_created: new Date(v.createdAt).toISOString(),
    date_updated: new Date().toISOString(),
    lookup: {},
    amount: null,
    payee: null,
    send_code_attempts: [
      { time: new Date(v.createdAt).toISOString(), channel: v.channel, attempt_sid: `VL${v.sid.slice(2)}` },
    ],
    url: `https://verify.twilio.com/v2/Services/${TWILIO_VERIFY_SERVICE_SID}/Verifications/${v.sid}`,
  };
}

/** Twilio's error body: { code, message, more_info, status }. */
function error(status: number, code: number, message: string): [number, unknown] {
  return [status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }];
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => resolve(raw));
    req.on('error', reject);
  });
}
