// The wizard's last step after Submit: the code sent to the homeowner's phone, typed on this same
// page (no leaving it to open a mail). Says where the code went and why we ask; a wrong, expired
// or used-up code shows its message on the field and keeps every answer; a new code (by text or
// by a call) can be asked once the 30 seconds have passed; "Change phone number" goes back to the
// contact fields with everything as typed.
import { useEffect, useRef, useState } from 'react';
import { CODE_LENGTH, PHONE_PROOF_WHY } from '../../domain/phone-proof-rules.ts';
import { FieldMessage } from './parts.tsx';
import type { CodeInfo } from './send-quote.ts';

interface Props {
  code: CodeInfo | null;
  value: string;
  error: string | undefined;
  busy: boolean;
  onValue: (value: string) => void;
  onResend: (channel: 'sms' | 'call') => void;
  onChangePhone: () => void;
}

export default function CodeStep({ code, value, error, busy, onValue, onResend, onChangePhone }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const wait = useSecondsUntil(code?.resendAt ?? null);
  useEffect(() => input.current?.focus(), [code?.resendAt]);
  const other = code?.channel === 'call' ? 'sms' : 'call';
  return (
    <>
      <p>
        {code
          ? code.channel === 'call'
            ? `We are calling ${code.phone} to read out a ${CODE_LENGTH}-digit code.`
            : `We sent a ${CODE_LENGTH}-digit code by text message to ${code.phone}.`
          : `We sent a ${CODE_LENGTH}-digit code to your phone.`}{' '}
        Type it here to send your request to contractors.
      </p>
      <p className="muted">{PHONE_PROOF_WHY}</p>
      <label>
        {CODE_LENGTH}-digit code
        <input
          ref={input}
          value={value}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'quote-code-error' : undefined}
          onChange={(e) => onValue(e.currentTarget.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        />
      </label>
      <FieldMessage id="quote-code-error" text={error} />
      <div className="code-actions">
        <button
          type="button"
          className="btn secondary"
          disabled={busy || wait > 0}
          onClick={() => onResend(code?.channel ?? 'sms')}
        >
          {wait > 0 ? `Send a new code (${wait} s)` : 'Send a new code'}
        </button>
        <button
          type="button"
          className="btn secondary"
          disabled={busy || wait > 0}
          onClick={() => onResend(other)}
        >
          {other === 'call' ? 'Call me with a code instead' : 'Text me the code instead'}
        </button>
        <button type="button" className="btn secondary" disabled={busy} onClick={onChangePhone}>
          Change phone number
        </button>
      </div>
    </>
  );
}

/** Whole seconds until `iso`, counting down each second (0 once passed or without a time). */
function useSecondsUntil(iso: string | null): number {
  const left = () => (iso ? Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSeconds(left());
    if (!iso) return;
    const timer = setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [iso]);
  return seconds;
}
