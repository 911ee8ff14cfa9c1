// The sandbox SMS provider, the embedded default (no Twilio configured): it makes and checks
// codes as Twilio Verify does (six digits, ten minutes, five tries) and "sends" texts and calls
// by keeping them in sandbox_sms, readable at /dev/sms on this machine. Line types follow a
// fixed rule on the number's last digits (sandboxLineType).
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_LENGTH,
  CODE_MINUTES,
  CODE_TRIES,
  codeCallText,
  codeText,
  sandboxLineType,
} from '../../../domain/integrity-rules.ts';
import type { Sql } from '../db/client.ts';
import type { CheckResult, SmsPort } from './sms-port.ts';

export function createSandboxSms(sql: Sql): SmsPort {
  return {
    kind: 'sandbox',

    async sendCode({ phone, channel }) {
      const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
      const ref = `VE${randomBytes(16).toString('hex')}`;
      await sql.begin(async (tx) => {
        // A new code replaces the number's pending one, as Verify's does.
        await tx`
          update sandbox_verifications set status = 'canceled'
           where to_phone = ${phone} and status = 'pending'`;
        await tx`
          insert into sandbox_verifications (id, to_phone, channel, code, expires_at)
          values (${ref}, ${phone}, ${channel}, ${code}, now() + make_interval(mins => ${CODE_MINUTES}))`;
        await tx`
          insert into sandbox_sms (to_phone, channel, body)
          values (${phone}, ${channel}, ${channel === 'call' ? codeCallText(code) : codeText(code)})`;
      });
      return { ref };
    },

    // As Verify checks: against the number's newest pending verification (a new code to a number
    // replaces the one before), not by the verification's id.
    async checkCode({ phone, code }): Promise<CheckResult> {
      return sql.begin(async (tx) => {
        const [row] = await tx<{ id: string; code: string; attempts: number; live: boolean }[]>`
          select id, code, attempts, status = 'pending' and expires_at > now() as live
            from sandbox_verifications where to_phone = ${phone} and status = 'pending'
           order by created_at desc limit 1 for update`;
        if (!row?.live) return 'gone';
        const ref = row.id;
        if (sameCode(row.code, code)) {
          await tx`update sandbox_verifications set status = 'approved' where id = ${ref}`;
          return 'approved';
        }
        const attempts = row.attempts + 1;
        await tx`
          update sandbox_verifications
             set attempts = ${attempts},
                 status = ${attempts >= CODE_TRIES ? 'max_attempts_reached' : 'pending'}
           where id = ${ref}`;
        return 'wrong';
      });
    },

    lineType(phone) {
      return Promise.resolve(sandboxLineType(phone));
    },

    async sendText({ phone, body }) {
      const [row] = await sql<{ id: string }[]>`
        insert into sandbox_sms (to_phone, channel, body) values (${phone}, 'sms', ${body.slice(0, 1600)})
        returning id`;
      return { ref: `SM${row!.id.replace(/-/g, '')}` };
    },
  };
}

function sameCode(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface SandboxText {
  id: string;
  to: string;
  channel: 'sms' | 'call';
  body: string;
  createdAt: Date;
}

/** The newest texts and calls, for /dev/sms, optionally to one number (ten digits). */
export async function listSandboxTexts(sql: Sql, limit = 50, to?: string): Promise<SandboxText[]> {
  return sql<SandboxText[]>`
    select id, to_phone as "to", channel, body, created_at as "createdAt"
      from sandbox_sms ${to ? sql`where to_phone = ${to}` : sql``}
     order by created_at desc, id limit ${limit}`;
}
