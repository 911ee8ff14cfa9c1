// The Payments tab's Away section: a vacation or an emergency, from a first to a last day (Dayton
// time). While away no lead is sent to the contractor and its response clock stops; it can end
// the away time at once. Phone first: the state and its one action on top, then the form.
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { daytonDay } from '../../domain/dayton-time.ts';
import { formatDay } from '../../domain/format.ts';
import {
  AWAY_MESSAGES as M,
  AWAY_REASON_WORDS,
  AWAY_REASONS,
  type AwayReason,
} from '../../domain/response-clock.ts';
import { ZAwayInput, type AwayPeriod, type AwayState } from '../../schemas/away.ts';
import { api } from '../shared/api.ts';
import { useRead } from '../shared/query.tsx';
import Field from './Field.tsx';
import { ErrorAlert } from '../shared/notices.tsx';

type Status = { kind: 'notice' | 'error'; text: string } | null;

/** Today in Dayton, "YYYY-MM-DD". */
const today = () => daytonDay(new Date());

export function AwayCard() {
  const id = useId();
  const [away, setState] = useRead<AwayState>('/api/contractor/away');
  const state = away.data ?? null;
  const loadFailed = away.isError;
  const [firstDay, setFirstDay] = useState(today);
  const [lastDay, setLastDay] = useState('');
  const [reason, setReason] = useState<AwayReason>('vacation');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    setStatus(null);
    const parsed = ZAwayInput.safeParse({ firstDay, lastDay, reason });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    setBusy(true);
    const answer = await api<AwayState>('PUT', '/api/contractor/away', parsed.data);
    setBusy(false);
    if (!answer.ok) {
      const fields = answer.body.fields ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
      // A field's message stands by the field; the status line says only what has no field.
      if (Object.keys(fields).length > 0) return;
      return setStatus({ kind: 'error', text: answer.body.error ?? M.failed });
    }
    setState(answer.body);
    setStatus({ kind: 'notice', text: M.saved });
  };

  const end = async (period: AwayPeriod) => {
    setStatus(null);
    setBusy(true);
    const answer = await api<{ ended: boolean }>('DELETE', `/api/contractor/away/${period.id}`);
    setBusy(false);
    if (!answer.ok && answer.status !== 404) {
      return setStatus({ kind: 'error', text: answer.body.error ?? M.failed });
    }
    setState({ periods: (state?.periods ?? []).filter((p) => p.id !== period.id) });
    setStatus({ kind: 'notice', text: answer.ok && answer.body.ended ? M.ended : M.cancelled });
    // The button is gone: the keyboard goes on from what happened.
    statusLine.current?.focus();
  };

  const periods = state?.periods ?? [];
  return (
    <section aria-labelledby={`${id}-h`} className="card away-card" id="away">
      <h3 id={`${id}-h`}>Away</h3>
      {loadFailed && <ErrorAlert>Your away time could not be loaded. Please reload the page.</ErrorAlert>}
      {!state && !loadFailed ? (
        <p className="muted">Loading your away time…</p>
      ) : periods.length > 0 ? (
        <ul className="away-periods" aria-label="Your away time">
          {periods.map((p) => {
            const when = `${formatDay(p.firstDay)} to ${formatDay(p.lastDay)}`;
            return (
              <li key={p.id}>
                <p>
                  <strong>
                    {p.now ? 'You are away' : 'You will be away'} from {when} ({AWAY_REASON_WORDS[p.reason]}).
                  </strong>{' '}
                  No leads are sent to you then, and your response time does not count.
                </p>
                <button
                  type="button"
                  className="btn secondary"
                  disabled={busy}
                  aria-label={`${p.now ? 'End away time now' : 'Cancel away time'}, ${when}`}
                  onClick={() => void end(p)}
                >
                  {p.now ? 'End away time now' : 'Cancel away time'}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>
          Going on vacation, or called away? Set the days: no leads are sent to you, and your response time
          counts only your business hours when you are not away.
        </p>
      )}
      <form className="away-form" onSubmit={(event) => void save(event)} noValidate>
        <div className="away-days">
          <Field label="First day" error={errors['firstDay'] ?? null}>
            {(ids) => (
              <input
                id={ids.id}
                type="date"
                value={firstDay}
                min={today()}
                aria-describedby={ids.describedBy}
                aria-invalid={ids.invalid}
                onChange={(event) => setFirstDay(event.target.value)}
              />
            )}
          </Field>
          <Field label="Last day" error={errors['lastDay'] ?? null}>
            {(ids) => (
              <input
                id={ids.id}
                type="date"
                value={lastDay}
                min={firstDay || today()}
                aria-describedby={ids.describedBy}
                aria-invalid={ids.invalid}
                onChange={(event) => setLastDay(event.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label="Why" error={errors['reason'] ?? null}>
          {(ids) => (
            <select
              id={ids.id}
              value={reason}
              aria-describedby={ids.describedBy}
              aria-invalid={ids.invalid}
              onChange={(event) => setReason(event.target.value as AwayReason)}
            >
              {AWAY_REASONS.map((r) => (
                <option key={r} value={r}>
                  {AWAY_REASON_WORDS[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="btn" disabled={busy || !state}>
          {busy ? 'Saving…' : 'Set away time'}
        </button>
      </form>
      <p role="status" ref={statusLine} tabIndex={-1} className={status ? status.kind : undefined}>
        {status?.text ?? ''}
      </p>
    </section>
  );
}
