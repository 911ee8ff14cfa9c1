// The Subscription tab: the live plan (price, status, renewal or end date, what it gives) with a
// plan change and a cancel at the period's end; with no plan, the three plans to start one on the
// gateway's hosted Checkout page. Changes go through POST /api/contractor/billing/plan.
import { useState } from 'react';
import { formatMoney } from '../../domain/money.ts';
import { PLANS, PLAN_IDS, type PlanId } from '../../domain/plans.ts';
import type { BillingSummary } from '../../schemas/billing.ts';
import type { TPlanRequest } from '../../schemas/plans.ts';
import { api, UNEXPECTED } from '../shared/api.ts';

const PLAN_ENDPOINT = '/api/contractor/billing/plan';
const STATUS_NAMES = { active: 'Active', trialing: 'Trial', past_due: 'Past due: the last payment failed' };

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

function Benefits({ plan }: { plan: PlanId }) {
  return (
    <ul>
      {PLANS[plan].benefits.map((b) => (
        <li key={b}>{b}</li>
      ))}
    </ul>
  );
}

export default function SubscriptionTab({
  summary,
  onChanged,
}: {
  summary: BillingSummary;
  /** Reloads the page's figures after a change. */
  onChanged: () => void;
}) {
  const s = summary.subscription;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [choice, setChoice] = useState<PlanId>(PLAN_IDS.find((id) => id !== s?.plan) ?? 'basic');

  const send = async (request: TPlanRequest) => {
    setBusy(true);
    setMessage(null);
    const answer = await api<{ url?: string; message?: string }>('POST', PLAN_ENDPOINT, request);
    if (answer.ok && answer.body.url) {
      window.location.assign(answer.body.url);
      return;
    }
    setBusy(false);
    setMessage({ ok: answer.ok, text: answer.body.message ?? answer.body.error ?? UNEXPECTED });
    if (answer.ok) onChanged();
  };

  const notice = message && (
    <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'notice' : 'error'}>
      {message.text}
    </p>
  );

  if (!s) {
    return (
      <div className="card">
        <h2>No subscription</h2>
        <p>You pay only for the leads you receive. A monthly plan puts you ahead of other pros:</p>
        {notice}
        <div className="billing-plans">
          {PLAN_IDS.map((id) => (
            <section key={id} className="card" aria-labelledby={`plan-${id}`}>
              <h3 id={`plan-${id}`}>
                {PLANS[id].name}: {formatMoney(PLANS[id].priceCents, { wholeDollars: true })} a month
              </h3>
              <Benefits plan={id} />
              <button
                type="button"
                className="btn"
                disabled={busy}
                onClick={() => void send({ action: 'start', plan: id })}
              >
                Choose {PLANS[id].name}
              </button>
            </section>
          ))}
        </div>
      </div>
    );
  }
  const plan = PLANS[s.plan];
  const options = PLAN_IDS.filter((id) => id !== s.plan || s.cancelAtPeriodEnd);
  const selected = options.includes(choice) ? choice : options[0]!;
  return (
    <div className="card">
      <h2>Plan: {plan.name}</h2>
      {notice}
      <dl className="billing-facts">
        <dt>Status</dt>
        <dd>
          {s.cancelAtPeriodEnd ? 'Canceled: ends at the end of the paid period' : STATUS_NAMES[s.status]}
        </dd>
        <dt>Price</dt>
        <dd>{formatMoney(s.priceCents)} a month</dd>
        <dt>{s.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
        <dd>
          <time dateTime={s.currentPeriodEnd}>{longDate(s.currentPeriodEnd)}</time>
        </dd>
      </dl>
      <h3>What your plan gives</h3>
      <Benefits plan={s.plan} />
      <div className="billing-filters">
        <label>
          Change to{' '}
          <select value={selected} onChange={(e) => setChoice(e.target.value as PlanId)} disabled={busy}>
            {options.map((id) => (
              <option key={id} value={id}>
                {PLANS[id].name}, {formatMoney(PLANS[id].priceCents, { wholeDollars: true })} a month
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => void send({ action: 'change', plan: selected })}
        >
          Change plan
        </button>
        {!s.cancelAtPeriodEnd && (
          <button
            type="button"
            className="btn secondary"
            disabled={busy}
            onClick={() => void send({ action: 'cancel' })}
          >
            Cancel plan
          </button>
        )}
      </div>
      <p className="muted">A change is prorated: you pay the difference for the rest of this month.</p>
    </div>
  );
}
