// The Alerts tab's Text alerts card: the mobile number texts go to, confirmed by a code before
// anything is texted to it (with the disclosure carriers expect at opt-in), a test text, and
// removing the number. A number that replied STOP says so and can be confirmed again.
import { useId, useState, type SyntheticEvent } from 'react';
import { ALERT_MESSAGES as M } from '../../domain/alert-rules.ts';
import { formatPhone } from '../../domain/format.ts';
import { SMS_BRAND } from '../../domain/phone-proof-rules.ts';
import type { AlertSettings } from '../../schemas/alerts.ts';
import { api } from '../shared/api.ts';
import Field from './Field.tsx';

type Status = { kind: 'notice' | 'error'; text: string } | null;

export function TextAlerts(props: { settings: AlertSettings; onChange: (next: AlertSettings) => void }) {
  const id = useId();
  const { settings, onChange } = props;
  const { sms } = settings;
  const [phone, setPhone] = useState(sms.pendingPhone ?? sms.phone ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const confirmed = sms.phone !== null && !sms.optedOut;

  const sendCode = async (event: SyntheticEvent) => {
    event.preventDefault();
    setStatus(null);
    setErrors({});
    setBusy('send');
    const answer = await api<{ pendingPhone: string; message: string }>(
      'POST',
      '/api/contractor/alerts/sms-phone',
      {
        phone,
      },
    );
    setBusy(null);
    if (!answer.ok) {
      const message = answer.body.fields?.['phone']?.[0] ?? answer.body.error ?? M.smsUnavailable;
      if (answer.body.fields?.['phone']) return setErrors({ phone: message });
      return setStatus({ kind: 'error', text: message });
    }
    onChange({ ...settings, sms: { ...sms, pendingPhone: answer.body.pendingPhone } });
    setStatus({ kind: 'notice', text: answer.body.message });
  };

  const confirm = async (event: SyntheticEvent) => {
    event.preventDefault();
    setStatus(null);
    setErrors({});
    setBusy('confirm');
    const answer = await api<AlertSettings>('POST', '/api/contractor/alerts/sms-phone/confirm', { code });
    setBusy(null);
    if (!answer.ok) {
      const message = answer.body.fields?.['code']?.[0] ?? answer.body.error ?? M.smsUnavailable;
      return setErrors({ code: message });
    }
    setCode('');
    onChange(answer.body);
    setStatus({ kind: 'notice', text: M.smsConfirmed });
  };

  const remove = async () => {
    setStatus(null);
    setBusy('remove');
    const answer = await api<AlertSettings>('DELETE', '/api/contractor/alerts/sms-phone');
    setBusy(null);
    if (!answer.ok) return setStatus({ kind: 'error', text: answer.body.error ?? M.smsUnavailable });
    setPhone('');
    onChange(answer.body);
    setStatus({ kind: 'notice', text: M.smsRemoved });
  };

  const test = async () => {
    setStatus(null);
    setBusy('test');
    const answer = await api('POST', '/api/contractor/alerts/test', { channel: 'sms' });
    setBusy(null);
    setStatus(
      answer.ok
        ? { kind: 'notice', text: M.testTextSent }
        : { kind: 'error', text: answer.body.error ?? M.smsUnavailable },
    );
  };

  return (
    <section aria-labelledby={`${id}-h`} className="card alerts-panel">
      <h3 id={`${id}-h`}>Text alerts</h3>
      {!settings.textsAvailable ? (
        <p className="muted">{M.textsUnavailable}</p>
      ) : confirmed ? (
        <>
          <p>
            Texts go to <strong>{formatPhone(sms.phone)}</strong>. Texts today: {sms.sentToday} of{' '}
            {settings.smsDailyMax}.
          </p>
          <div className="alert-actions">
            <button type="button" className="btn" disabled={busy !== null} onClick={() => void test()}>
              {busy === 'test' ? 'Sending…' : 'Send a test text'}
            </button>
            <button
              type="button"
              className="btn secondary"
              disabled={busy !== null}
              onClick={() => void remove()}
            >
              {busy === 'remove' ? 'Removing…' : 'Remove number'}
            </button>
          </div>
        </>
      ) : (
        <>
          {sms.optedOut ? (
            <p className="error">{M.smsOptedOut}</p>
          ) : (
            <p>
              Get alerts by text on any phone, even without the app. We text a code to confirm the number.
            </p>
          )}
          <form className="alert-form" onSubmit={(event) => void sendCode(event)} noValidate>
            <Field label="Mobile number" error={errors.phone ?? null}>
              {(ids) => (
                <input
                  id={ids.id}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  maxLength={30}
                  value={phone}
                  aria-describedby={ids.describedBy}
                  aria-invalid={ids.invalid}
                  onChange={(event) => setPhone(event.target.value)}
                />
              )}
            </Field>
            <button
              type="submit"
              className={sms.pendingPhone ? 'btn secondary' : 'btn'}
              disabled={busy !== null}
            >
              {busy === 'send' ? 'Sending…' : sms.pendingPhone ? 'Send a new code' : 'Text me a code'}
            </button>
          </form>
          {sms.pendingPhone && (
            <form className="alert-form" onSubmit={(event) => void confirm(event)} noValidate>
              <Field label="Code from the text" error={errors.code ?? null}>
                {(ids) => (
                  <input
                    id={ids.id}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    value={code}
                    aria-describedby={ids.describedBy}
                    aria-invalid={ids.invalid}
                    onChange={(event) => setCode(event.target.value)}
                  />
                )}
              </Field>
              <button type="submit" className="btn" disabled={busy !== null}>
                {busy === 'confirm' ? 'Confirming…' : 'Confirm number'}
              </button>
            </form>
          )}
          <p className="muted alerts-fine">
            By confirming, you agree to get alert texts from {SMS_BRAND} at this number. Up to{' '}
            {settings.smsDailyMax} msgs/day. Msg &amp; data rates may apply. Reply HELP for help, STOP to opt
            out.
          </p>
        </>
      )}
      <p role="status" className={status ? status.kind : undefined}>
        {status?.text ?? ''}
      </p>
    </section>
  );
}
