// The Subscription tab: the live plan (price, status, renewal or end date, what it gives) with a
// plan change and a cancel at the period's end; with no plan, the three plans to start one on the
// gateway's hosted Checkout page. Nothing final in one tap (issue 24, Must 4): a change first asks
// the gateway what it will bill (the new price and the proration) and states it in a
// ConfirmDialog; the change then names the preview's moment, so it bills what was shown. Cancel
// says what ends and when before it is done. Everything goes through POST /api/contractor/billing/plan.
import { useState } from 'react';
import { formatDate, formatMoney } from '../../domain/format.ts';
import { PLANS, PLAN_IDS, type PlanId } from '../../domain/plans.ts';
import type { BillingSummary } from '../../schemas/billing.ts';
import type { PlanPreview, TPlanRequest } from '../../schemas/plans.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { api, UNEXPECTED } from '../shared/api.ts';

const PLAN_ENDPOINT = '/api/contractor/billing/plan';
const STATUS_NAMES = { active: 'Active', trialing: 'Trial', past_due: 'Past due: the last payment failed' };

function Benefits({ plan }: { plan: PlanId }) {
  return (
    <ul>
      {PLANS[plan].benefits.map((b) => (
        <li key={b}>{b}</li>
      ))}
    </ul>
  );
}

const monthly = (cents: number) => `${formatMoney(cents)} a month`;

/** The change's price and proration, in the contractor's words. */
function ChangeTerms({ p }: { p: PlanPreview }) {
  const when = formatDate(p.nextInvoiceAt);
  const credit = p.prorationCents < 0;
  return (
    <>
      <p>
        Your plan goes from {PLANS[p.from].name} ({monthly(p.fromPriceCents)}) to{' '}
        <strong>
          {PLANS[p.plan].name} at {monthly(p.priceCents)}
        </strong>
        , starting now.
      </p>
      <p>
        {p.prorationCents === 0
          ? 'Nothing is prorated: there is no difference to pay for the rest of this period.'
          : credit
            ? `For the rest of this period you get ${formatMoney(-p.prorationCents)} back for the unused part of ${PLANS[p.from].name}, taken off your next invoice.`
            : `For the rest of this period you pay the difference: ${formatMoney(p.prorationCents)} (prorated), added to your next invoice.`}{' '}
        Nothing is charged today.
      </p>
      <p>
        <strong>
          Next invoice on {when}: {formatMoney(p.nextInvoiceCents)}
        </strong>{' '}
        ({formatMoney(p.priceCents)} for the next month
        {p.prorationCents ? ` ${credit ? 'less' : 'plus'} ${formatMoney(Math.abs(p.prorationCents))}` : ''}
        {p.priceCents + p.prorationCents < 0
          ? `; the ${formatMoney(-(p.priceCents + p.prorationCents))} left of the credit comes off the invoices after it`
          : ''}
        ).
      </p>
    </>
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
  /** The change being confirmed, with what it bills. */
  const [preview, setPreview] = useState<PlanPreview | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);

  const send = async (request: TPlanRequest): Promise<boolean> => {
    setBusy(true);
    setMessage(null);
    const answer = await api<{ url?: string; message?: string }>('POST', PLAN_ENDPOINT, request);
    if (answer.ok && answer.body.url) {
      window.location.assign(answer.body.url);
      return true;
    }
    setBusy(false);
    setMessage({ ok: answer.ok, text: answer.body.message ?? answer.body.error ?? UNEXPECTED });
    if (answer.ok) onChanged();
    return answer.ok;
  };

  // The button stays enabled while the price is asked for: a disabled button would drop the
  // focus, and the dialog could not give it back when it closes.
  const [asking, setAsking] = useState(false);
  const askChange = async (plan: PlanId) => {
    if (asking) return;
    setAsking(true);
    setMessage(null);
    const answer = await api<PlanPreview>('POST', PLAN_ENDPOINT, { action: 'preview', plan });
    setAsking(false);
    if (answer.ok) setPreview(answer.body);
    else setMessage({ ok: false, text: answer.body.error ?? UNEXPECTED });
  };

  const notice = message && (
    <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'notice' : 'error'}>
      {message.text}
    </p>
  );

  if (!s) {
    return (
      <div>
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
              <p className="muted">You confirm and pay on the card processor’s secure page.</p>
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
  const endsOn = formatDate(s.currentPeriodEnd);
  return (
    <div>
      <h2>Plan: {plan.name}</h2>
      {notice}
      <dl className="billing-facts">
        <dt>Status</dt>
        <dd>
          {s.cancelAtPeriodEnd ? 'Canceled: ends at the end of the paid period' : STATUS_NAMES[s.status]}
        </dd>
        <dt>Price</dt>
        <dd>{monthly(s.priceCents)}</dd>
        <dt>{s.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
        <dd>
          <time dateTime={s.currentPeriodEnd}>{endsOn}</time>
        </dd>
      </dl>
      <h3>What your plan gives</h3>
      <Benefits plan={s.plan} />
      <div className="billing-filters billing-plan-actions">
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
          aria-busy={asking}
          onClick={() => void askChange(selected)}
        >
          Change plan
        </button>
        {!s.cancelAtPeriodEnd && (
          <button
            type="button"
            className="btn secondary"
            disabled={busy}
            onClick={() => setConfirmCancel(true)}
          >
            Cancel plan
          </button>
        )}
      </div>
      <p className="muted">
        Before a change you see the new price and what is prorated for the rest of this period.
      </p>
      <ConfirmDialog
        open={preview !== null}
        title={preview ? `Change to ${PLANS[preview.plan].name}?` : 'Change plan?'}
        confirmLabel={preview ? `Change to ${PLANS[preview.plan].name}` : 'Change plan'}
        cancelLabel="Keep my plan"
        busy={busy}
        onCancel={() => setPreview(null)}
        onConfirm={() => {
          if (!preview) return;
          void send({ action: 'change', plan: preview.plan, prorationDate: preview.prorationDate }).then(() =>
            setPreview(null),
          );
        }}
      >
        {preview && <ChangeTerms p={preview} />}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmCancel}
        title={`Cancel your ${plan.name} plan?`}
        confirmLabel="Cancel plan"
        cancelLabel="Keep my plan"
        destructive
        busy={busy}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => void send({ action: 'cancel' }).then(() => setConfirmCancel(false))}
      >
        <p>
          Your {plan.name} plan stays active until <strong>{endsOn}</strong>, then ends: no further payments
          of {formatMoney(s.priceCents)}, and from then on you lose:
        </p>
        <Benefits plan={s.plan} />
        <p>
          Nothing is refunded for the rest of this period, and you keep receiving leads, paid per lead. You
          can take the plan back until {endsOn} by choosing it again.
        </p>
      </ConfirmDialog>
    </div>
  );
}
