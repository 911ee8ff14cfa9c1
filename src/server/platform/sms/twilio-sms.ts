// The Twilio adapter of the SMS port, through the `twilio` SDK: Verify sends and checks codes
// (by text, or by a voice call for a landline), Lookup tells the line type, Messaging sends alert
// texts. Tests run this same SDK against a local stand-in of Twilio's HTTP API
// (TWILIO_API_URL): the one change is the HTTP client, which sends each request to the
// stand-in instead of *.twilio.com.
import twilio from 'twilio';
import type TwilioRequestClient from 'twilio/lib/base/RequestClient';
import type { CodeChannel, LineType } from '../../../domain/integrity-rules.ts';
import { e164 } from '../../../domain/integrity-rules.ts';
import { SMS_OPTED_OUT_CODE } from '../../../domain/alert-rules.ts';
import {
  SmsOptedOutError,
  SmsRefusedNumberError,
  SmsUnavailableError,
  type CheckResult,
  type SmsPort,
} from './sms-port.ts';
import { log } from '../log.ts';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  verifyServiceSid: string;
  /** Alerts' sender (a Messaging Service); without it sendText refuses. */
  messagingServiceSid: string | null;
  /** The stand-in's base URL in tests; null for Twilio itself. */
  apiUrl: string | null;
}

/** A Twilio call answers within this long or is taken as the provider being unavailable. */
const TIMEOUT_MS = 10_000;

/** Sends the SDK's requests to a stand-in: https://verify.twilio.com/v2/... → <base>/verify.twilio.com/v2/... */
class StandInRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: TIMEOUT_MS, keepAlive: false });
  }

  override request<TData>(opts: TwilioRequestClient.RequestOptions<TData>) {
    const target = new URL(opts.uri);
    return super.request<TData>({
      ...opts,
      uri: `${this.base.replace(/\/+$/, '')}/${target.host}${target.pathname}${target.search}`,
    });
  }
}

/** Twilio's Lookup line types, folded into ours. */
const LINE_TYPES: Record<string, LineType> = {
  mobile: 'mobile',
  landline: 'landline',
  fixedVoip: 'voip',
  nonFixedVoip: 'voip',
  personal: 'other',
  tollFree: 'other',
  premium: 'other',
  sharedCost: 'other',
  uan: 'other',
  voicemail: 'other',
  pager: 'other',
};

/** Verify's error codes for a number it will not text or call (invalid, or SMS to a landline). */
const REFUSED_NUMBER_CODES = new Set([21211, 21614, 60200, 60205]);
/** Verify's codes for a verification that is over: not found, or out of check attempts. */
const GONE_CODES = new Set([20404, 60202]);

export function createTwilioSms(config: TwilioConfig): SmsPort {
  const client = twilio(config.accountSid, config.authToken, {
    timeout: TIMEOUT_MS,
    ...(config.apiUrl ? { httpClient: new StandInRequestClient(config.apiUrl) } : {}),
  });
  const verify = client.verify.v2.services(config.verifyServiceSid);

  return {
    kind: 'twilio',

    async sendCode({ phone, channel }: { phone: string; channel: CodeChannel }) {
      try {
        const verification = await verify.verifications.create({ to: e164(phone), channel });
        return { ref: verification.sid };
      } catch (error) {
        throw classify(error);
      }
    },

    async checkCode({ phone, code }): Promise<CheckResult> {
      try {
        const check = await verify.verificationChecks.create({ to: e164(phone), code });
        return check.status === 'approved' ? 'approved' : 'wrong';
      } catch (error) {
        const status = restStatus(error);
        if (status && (status.status === 404 || GONE_CODES.has(status.code ?? 0))) return 'gone';
        throw classify(error);
      }
    },

    async lineType(phone) {
      try {
        const number = await client.lookups.v2
          .phoneNumbers(e164(phone))
          .fetch({ fields: 'line_type_intelligence' });
        const type = (number.lineTypeIntelligence as { type?: string } | null)?.type;
        return (type && LINE_TYPES[type]) || 'unknown';
      } catch (error) {
        // A line type is a signal, not a gate: a failing Lookup leaves it unknown.
        log().error({ status: restStatus(error), err: error }, 'twilio lookup failed');
        return 'unknown';
      }
    },

    async sendText({ phone, body }) {
      if (!config.messagingServiceSid) {
        throw new SmsUnavailableError('TWILIO_MESSAGING_SERVICE_SID is not set: no sender for texts');
      }
      try {
        const message = await client.messages.create({
          to: e164(phone),
          messagingServiceSid: config.messagingServiceSid,
          body,
        });
        return { ref: message.sid };
      } catch (error) {
        throw classify(error);
      }
    },
  };
}

function restStatus(error: unknown): { status: number; code: number | undefined } | null {
  if (error instanceof Error && typeof (error as { status?: unknown }).status === 'number') {
    const { status, code } = error as unknown as { status: number; code?: number };
    return { status, code };
  }
  return null;
}

/** A refused or opted-out number, or the provider unavailable (network, timeout, 5xx, its rate limits). */
function classify(error: unknown): Error {
  const status = restStatus(error);
  if (status && status.status < 500 && status.code === SMS_OPTED_OUT_CODE) {
    return new SmsOptedOutError('the number replied STOP (21610)');
  }
  if (status && status.status < 500 && status.status !== 429 && REFUSED_NUMBER_CODES.has(status.code ?? 0)) {
    return new SmsRefusedNumberError(`twilio refused the number (${status.code})`);
  }
  return new SmsUnavailableError(error instanceof Error ? error.message : String(error));
}
