// The Payments tab's lead limits: this week's leads and this month's spend against the
// contractor's own caps, the form to set or clear them (whole dollars; blank is no cap) and the
// pause switch. The pipeline never sells a lead past them (server/accounts/contractor/spend-caps.ts).
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import {
  SPEND_LIMIT_MESSAGES as M,
  ZSpendLimits,
  type SpendLimitsState,
} from '../../schemas/spend-limits.ts';
import { formatMoney } from '../../domain/format.ts';
import { api } from '../shared/api.ts';
import { useRead } from '../shared/query.tsx';
import { ErrorAlert } from '../shared/notices.tsx';

interface Form {
  monthly: string;
  weekly: string;
  paused: boolean;
}

function formOf(state: SpendLimitsState): Form {
  return {
    monthly: state.monthlySpendCapDollars === null ? '' : String(state.monthlySpendCapDollars),
    weekly: state.weeklyLeadCap === null ? '' : String(state.weeklyLeadCap),
    paused: state.leadsPaused,
  };
}

/** Blank is no cap; anything else goes to the schema as a number (or as typed, to be refused). */
const numberOrNull = (text: string): number | string | null =>
  text.trim() === '' ? null : /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text;

export function SpendLimits() {
  const id = useId();
  const [limits, putLimits] = useRead<SpendLimitsState>('/api/contractor/limits');
  const state = limits.data ?? null;
  const [form, setForm] = useState<Form | null>(null);
  const [formFrom, setFormFrom] = useState<SpendLimitsState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ kind: 'saved' | 'failed'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  // The form starts from the limits as read, and from the limits as saved after each save.
  if (state !== formFrom) {
    setFormFrom(state);
    if (state) setForm(formOf(state));
  }

  // Sent here by the readiness banner (#lead-limits): the limits come into view once they are drawn.
  const loaded = state !== null;
  useEffect(() => {
    if (loaded && window.location.hash === '#lead-limits')
      document.getElementById('lead-limits')?.scrollIntoView({ block: 'start' });
  }, [loaded]);

  if (limits.isError) {
    return (
      <section aria-labelledby={`${id}-h`} className="card spend-limits">
        <h3 id={`${id}-h`}>Lead limits</h3>
        <ErrorAlert>Your lead limits could not be loaded. Please reload the page.</ErrorAlert>
      </section>
    );
  }
  if (!state || !form) {
    return (
      <section aria-labelledby={`${id}-h`} className="card spend-limits" aria-busy="true">
        <h3 id={`${id}-h`}>Lead limits</h3>
        <p className="muted">Loading lead limits…</p>
      </section>
    );
  }

  const set = (change: Partial<Form>) => {
    setForm({ ...form, ...change });
    setStatus(null);
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = ZSpendLimits.safeParse({
      monthlySpendCapDollars: numberOrNull(form.monthly),
      weeklyLeadCap: numberOrNull(form.weekly),
      leadsPaused: form.paused,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    const answer = await api<SpendLimitsState>('PUT', '/api/contractor/limits', parsed.data);
    setBusy(false);
    if (!answer.ok) {
      const fields = answer.body.fields ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? M.failed])));
      setStatus({ kind: 'failed', text: answer.body.error ?? M.failed });
      return;
    }
    putLimits(answer.body);
    setStatus({ kind: 'saved', text: M.saved });
  };

  const monthlyError = errors['monthlySpendCapDollars'];
  const weeklyError = errors['weeklyLeadCap'];
  return (
    <section aria-labelledby={`${id}-h`} className="card spend-limits" id="lead-limits">
      <h3 id={`${id}-h`}>Lead limits</h3>
      <p>
        {state.leadsPaused ? (
          <strong>New leads are paused: you are not sent or charged for any lead.</strong>
        ) : (
          'We never send you a lead that would pass these limits; it goes to the next pro instead.'
        )}
      </p>
      <dl className="limit-figures">
        <div>
          <dt>Leads this week</dt>
          <dd>
            {state.weekLeads}
            {state.weeklyLeadCap === null ? ' (no weekly cap)' : ` of ${state.weeklyLeadCap}`}
          </dd>
        </div>
        <div>
          <dt>Spent this month</dt>
          <dd>
            {formatMoney(state.monthSpendCents)}
            {state.monthlySpendCapDollars === null
              ? ' (no monthly cap)'
              : ` of ${formatMoney(state.monthlySpendCapDollars * 100)}`}
          </dd>
        </div>
      </dl>
      <p className="muted">
        Weeks start Monday and months on the 1st, at midnight Eastern Time. Each lead costs $30.00.
      </p>
      <form className="limits-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-monthly`}>Monthly spend cap (dollars)</label>
          <input
            id={`${id}-monthly`}
            type="text"
            inputMode="numeric"
            value={form.monthly}
            aria-invalid={monthlyError ? true : undefined}
            aria-describedby={`${id}-monthly-message`}
            onChange={(event) => set({ monthly: event.target.value })}
          />
          <p id={`${id}-monthly-message`} className={monthlyError ? 'error' : 'muted'}>
            {monthlyError ?? 'Leave blank for no cap.'}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-weekly`}>Weekly lead cap (leads)</label>
          <input
            id={`${id}-weekly`}
            type="text"
            inputMode="numeric"
            value={form.weekly}
            aria-invalid={weeklyError ? true : undefined}
            aria-describedby={`${id}-weekly-message`}
            onChange={(event) => set({ weekly: event.target.value })}
          />
          <p id={`${id}-weekly-message`} className={weeklyError ? 'error' : 'muted'}>
            {weeklyError ?? 'Leave blank for no cap.'}
          </p>
        </div>
        <div className="field checkbox">
          <input
            id={`${id}-paused`}
            type="checkbox"
            checked={form.paused}
            onChange={(event) => set({ paused: event.target.checked })}
          />
          <label htmlFor={`${id}-paused`}>Pause new leads</label>
        </div>
        <div>
          <button type="submit" className="btn" disabled={busy}>
            {busy ? 'Saving…' : 'Save limits'}
          </button>
        </div>
        <p role="status" className={status ? (status.kind === 'failed' ? 'error' : 'notice') : undefined}>
          {status?.text ?? ''}
        </p>
      </form>
    </section>
  );
}
