// The Alerts tab's choices: for each kind of alert (a new lead, a quote accepted, a credit
// decided, a payment failed) whether it comes by push, text or e-mail; quiet hours that hold
// pushes and texts (Dayton time); and the most texts a day. Texts need a confirmed number; a
// failed payment always comes by e-mail as well. Saved with one button; the server checks it all
// again (schemas/alerts.ts).
import { useId, useState, type SyntheticEvent } from 'react';
import {
  ALERT_CHANNEL_WORDS,
  ALERT_CHANNELS,
  ALERT_KIND_WORDS,
  ALERT_KINDS,
  ALERT_MESSAGES as M,
  ALWAYS_EMAILED,
  DEFAULT_QUIET_HOURS,
  SMS_DAILY_MAX_LIMIT,
  type AlertChannel,
  type AlertKind,
} from '../../domain/alert-rules.ts';
import { ZAlertSettingsInput, type AlertSettings, type TAlertSettingsInput } from '../../schemas/alerts.ts';
import { api } from '../shared/api.ts';
import Field from './Field.tsx';

type Status = { kind: 'notice' | 'error'; text: string } | null;
type Errors = Record<string, string>;

/** The first message of each field the schema or the server named, keyed by its path. */
function fieldErrors(fields: Record<string, string[] | undefined>): Errors {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([key, messages]) => (messages?.[0] ? [[key, messages[0]]] : [])),
  );
}

export function AlertChoices(props: { settings: AlertSettings; onChange: (next: AlertSettings) => void }) {
  const id = useId();
  const { settings } = props;
  const canText = settings.sms.phone !== null && !settings.sms.optedOut;
  const noTextId = `${id}-no-text`;
  const [channels, setChannels] = useState(settings.channels);
  const [quiet, setQuiet] = useState(settings.quietHours !== null);
  const [start, setStart] = useState(settings.quietHours?.start ?? DEFAULT_QUIET_HOURS.start);
  const [end, setEnd] = useState(settings.quietHours?.end ?? DEFAULT_QUIET_HOURS.end);
  const [dailyMax, setDailyMax] = useState(String(settings.smsDailyMax));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const toggle = (kind: AlertKind, channel: AlertChannel, on: boolean) =>
    setChannels({ ...channels, [kind]: { ...channels[kind], [channel]: on } });

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    setStatus(null);
    const input: TAlertSettingsInput = {
      // Texts cannot be chosen without a number: what the boxes show is what is saved.
      channels: Object.fromEntries(
        ALERT_KINDS.map((kind) => [kind, { ...channels[kind], sms: canText && channels[kind].sms }]),
      ) as TAlertSettingsInput['channels'],
      quietHours: quiet ? { start, end } : null,
      smsDailyMax: Number(dailyMax),
    };
    const parsed = ZAlertSettingsInput.safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    setBusy(true);
    const answer = await api<AlertSettings>('PUT', '/api/contractor/alerts/settings', parsed.data);
    setBusy(false);
    if (!answer.ok) {
      const found = fieldErrors(answer.body.fields ?? {});
      setErrors(found);
      // A field's message stands by the field; the status line says only what has no field.
      if (Object.keys(found).length > 0) return;
      return setStatus({ kind: 'error', text: answer.body.error ?? M.saveFailed });
    }
    props.onChange(answer.body);
    setChannels(answer.body.channels);
    setStatus({ kind: 'notice', text: M.saved });
  };

  return (
    <section aria-labelledby={`${id}-h`} className="card alerts-panel">
      <h3 id={`${id}-h`}>What you are alerted to</h3>
      <form className="alert-choices" onSubmit={(event) => void save(event)} noValidate>
        {ALERT_KINDS.map((kind) => (
          <fieldset key={kind} className="alert-kind">
            <legend>{ALERT_KIND_WORDS[kind]}</legend>
            <div className="alert-channels">
              {ALERT_CHANNELS.map((channel) => {
                const always = channel === 'email' && ALWAYS_EMAILED.has(kind);
                const off = channel === 'sms' && !canText;
                return (
                  <label key={channel} className="alert-channel">
                    <input
                      type="checkbox"
                      checked={always || (!off && channels[kind][channel])}
                      disabled={always || off}
                      aria-describedby={off ? noTextId : undefined}
                      onChange={(event) => toggle(kind, channel, event.target.checked)}
                    />
                    {ALERT_CHANNEL_WORDS[channel]}
                  </label>
                );
              })}
            </div>
            {ALWAYS_EMAILED.has(kind) && (
              <p className="muted alerts-fine">Always by e-mail too: it concerns your money.</p>
            )}
          </fieldset>
        ))}
        {!canText && (
          <p className="muted alerts-fine" id={noTextId}>
            {settings.textsAvailable ? M.smsNeedsPhone : M.textsUnavailable}
          </p>
        )}
        {errors['channels'] && <p className="error">{errors['channels']}</p>}

        <fieldset className="alert-kind">
          <legend>Quiet hours</legend>
          <label className="alert-toggle">
            <input type="checkbox" checked={quiet} onChange={(event) => setQuiet(event.target.checked)} />
            Hold pushes and texts during quiet hours
          </label>
          {quiet && (
            <div className="alert-times">
              {(
                [
                  ['From', 'start', start, setStart],
                  ['Until', 'end', end, setEnd],
                ] as const
              ).map(([label, key, value, set]) => (
                <Field key={key} label={label} error={errors[`quietHours.${key}`] ?? null}>
                  {(ids) => (
                    <input
                      id={ids.id}
                      type="time"
                      value={value}
                      aria-describedby={ids.describedBy}
                      aria-invalid={ids.invalid}
                      onChange={(event) => set(event.target.value)}
                    />
                  )}
                </Field>
              ))}
            </div>
          )}
          <p className="muted alerts-fine">
            Dayton time. What comes meanwhile rings when they end; e-mail still arrives.
          </p>
        </fieldset>

        <Field
          label="Texts a day, at most"
          error={errors['smsDailyMax'] ?? null}
          help={`From 1 to ${SMS_DAILY_MAX_LIMIT}.`}
        >
          {(ids) => (
            <input
              id={ids.id}
              type="number"
              inputMode="numeric"
              min={1}
              max={SMS_DAILY_MAX_LIMIT}
              value={dailyMax}
              aria-describedby={ids.describedBy}
              aria-invalid={ids.invalid}
              onChange={(event) => setDailyMax(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Saving…' : 'Save alert settings'}
        </button>
        <p role="status" className={status ? status.kind : undefined}>
          {status?.text ?? ''}
        </p>
      </form>
    </section>
  );
}
