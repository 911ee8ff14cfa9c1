// The Twilio adapter of the SMS port, with the real `twilio` SDK against the local stand-in of
// Twilio's HTTP API (Verify, Lookup, Messaging): what it sends, how it reads each answer, and how
// it tells a wrong code, a verification that is over, a refused number and an outage apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsOptedOutError, SmsRefusedNumberError, SmsUnavailableError } from '~/server/platform/sms/sms-port';
import { createTwilioSms } from '~/server/platform/sms/twilio-sms';
import {
  startTwilioStandIn,
  TWILIO_ACCOUNT_SID,
  TWILIO_AUTH_TOKEN,
  TWILIO_MESSAGING_SERVICE_SID,
  TWILIO_VERIFY_SERVICE_SID,
  type TwilioStandIn,
} from '../helpers/twilio-stand-in.ts';

let standIn: TwilioStandIn;
const sms = () =>
  createTwilioSms({
    accountSid: TWILIO_ACCOUNT_SID,
    authToken: TWILIO_AUTH_TOKEN,
    verifyServiceSid: TWILIO_VERIFY_SERVICE_SID,
    messagingServiceSid: TWILIO_MESSAGING_SERVICE_SID,
    apiUrl: standIn.url,
  });

beforeAll(async () => {
  standIn = await startTwilioStandIn();
});
afterAll(async () => {
  await standIn.close();
});

describe('Twilio Verify through the SDK', () => {
  it('sends a code by text to the E.164 number and approves the right code once', async () => {
    const port = sms();
    const { ref } = await port.sendCode({ phone: '9372284410', channel: 'sms' });
    expect(ref).toMatch(/^VE[0-9a-f]{32}$/);
    const sent = standIn.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', host: 'verify.twilio.com' });
    expect(sent.path).toBe(`/v2/Services/${TWILIO_VERIFY_SERVICE_SID}/Verifications`);
    expect(sent.params.get('To')).toBe('+19372284410');
    expect(sent.params.get('Channel')).toBe('sms');
    const code = standIn.lastCode('+19372284410')!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await port.checkCode({ phone: '9372284410', code: wrong, ref })).toBe('wrong');
    expect(await port.checkCode({ phone: '9372284410', code, ref })).toBe('approved');
    // Approved is over: Verify no longer has a pending verification for the number.
    expect(await port.checkCode({ phone: '9372284410', code, ref })).toBe('gone');
  });

  it('reads a code out by a voice call', async () => {
    await sms().sendCode({ phone: '9372284400', channel: 'call' });
    expect(standIn.requests.at(-1)!.params.get('Channel')).toBe('call');
  });

  it('takes five checks, then reports the verification gone (60202)', async () => {
    const port = sms();
    const { ref } = await port.sendCode({ phone: '9372284411', channel: 'sms' });
    const code = standIn.lastCode('+19372284411')!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      expect(await port.checkCode({ phone: '9372284411', code: wrong, ref })).toBe('wrong');
    expect(await port.checkCode({ phone: '9372284411', code, ref })).toBe('gone');
  });

  it('reports an expired verification gone (404)', async () => {
    const port = sms();
    const { ref } = await port.sendCode({ phone: '9372284412', channel: 'sms' });
    standIn.ttlMinutes = 0;
    try {
      expect(
        await port.checkCode({ phone: '9372284412', code: standIn.lastCode('+19372284412')!, ref }),
      ).toBe('gone');
    } finally {
      standIn.ttlMinutes = 10;
    }
  });

  it('tells a number Verify refuses (a text to a landline) from an outage', async () => {
    standIn.lineTypes.set('+19372284413', 'landline');
    await expect(sms().sendCode({ phone: '9372284413', channel: 'sms' })).rejects.toBeInstanceOf(
      SmsRefusedNumberError,
    );
    standIn.failWith = 503;
    try {
      await expect(sms().sendCode({ phone: '9372284414', channel: 'sms' })).rejects.toBeInstanceOf(
        SmsUnavailableError,
      );
      await expect(
        sms().checkCode({ phone: '9372284414', code: '123456', ref: 'VE0' }),
      ).rejects.toBeInstanceOf(SmsUnavailableError);
    } finally {
      standIn.failWith = null;
    }
  });

  it('refuses wrong credentials as an outage, never as a wrong code', async () => {
    const port = createTwilioSms({
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: 'not-the-token',
      verifyServiceSid: TWILIO_VERIFY_SERVICE_SID,
      messagingServiceSid: null,
      apiUrl: standIn.url,
    });
    await expect(port.checkCode({ phone: '9372284415', code: '123456', ref: 'VE0' })).rejects.toBeInstanceOf(
      SmsUnavailableError,
    );
  });
});

describe('Twilio Lookup through the SDK', () => {
  it.each([
    ['mobile', 'mobile'],
    ['landline', 'landline'],
    ['fixedVoip', 'voip'],
    ['nonFixedVoip', 'voip'],
    ['tollFree', 'other'],
  ])('folds line type %s into %s', async (twilioType, ours) => {
    standIn.lineTypes.set('+19372284420', twilioType);
    expect(await sms().lineType('9372284420')).toBe(ours);
    const asked = standIn.requests.at(-1)!;
    expect(asked).toMatchObject({
      method: 'GET',
      host: 'lookups.twilio.com',
      path: '/v2/PhoneNumbers/+19372284420',
    });
    expect(asked.params.get('Fields')).toBe('line_type_intelligence');
  });

  it('leaves the line type unknown when Lookup fails', async () => {
    standIn.failWith = 500;
    try {
      expect(await sms().lineType('9372284421')).toBe('unknown');
    } finally {
      standIn.failWith = null;
    }
  });
});

describe('Twilio Messaging through the SDK', () => {
  it('sends a text from the Messaging Service', async () => {
    const { ref } = await sms().sendText({ phone: '9372284430', body: 'New lead: Plumbing in Kettering' });
    expect(ref).toMatch(/^SM[0-9a-f]{32}$/);
    expect(standIn.messages.at(-1)).toEqual({
      sid: ref,
      to: '+19372284430',
      body: 'New lead: Plumbing in Kettering',
      messagingServiceSid: TWILIO_MESSAGING_SERVICE_SID,
      receivedAt: expect.any(Number) as unknown,
    });
  });

  it('tells a number that replied STOP (21610) from a refused one', async () => {
    standIn.optedOut.add('+19372284431');
    try {
      await expect(sms().sendText({ phone: '9372284431', body: 'New lead' })).rejects.toBeInstanceOf(
        SmsOptedOutError,
      );
    } finally {
      standIn.optedOut.delete('+19372284431');
    }
  });
});
