// The admin payment-test page: tabs Overview (the admin leads summary, a test run, the test
// recipients), Test Leads, Distributions, Transactions and Test Results, each list 5 or 10 rows.
import { useEffect, useId, useState } from 'react';
import { formatMoney } from '../../domain/money.ts';
import {
  PAYMENT_TEST_LIST_SIZES,
  PAYMENT_TEST_MESSAGES,
  PAYMENT_TEST_TABS,
  type PaymentTestListSize,
  type PaymentTestTab,
} from '../../domain/payment-test.ts';
import type { PaymentTestState, TestRecipient, TestRun, TestStep } from '../../schemas/admin-payment-test.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import Tabs from '../shared/Tabs.tsx';

interface Option {
  slug: string;
  name: string;
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/New_York',
});
const when = (iso: string) => dateTime.format(new Date(iso));
const shortId = (id: string) => id.slice(0, 8);
const STEP_LABEL: Record<TestStep['status'], string> = { pass: 'Pass', fail: 'Fail', pending: 'Pending' };

export default function PaymentTest(props: { services: Option[]; areas: Option[] }) {
  const ids = { limit: useId(), service: useId(), area: useId(), search: useId() };
  const [limit, setLimit] = useState<PaymentTestListSize>(5);
  const [tab, setTab] = useState<PaymentTestTab>('overview');
  const [state, setState] = useState<PaymentTestState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [service, setService] = useState(props.services[0]?.slug ?? '');
  const [area, setArea] = useState(props.areas[0]?.slug ?? '');
  const [lastRun, setLastRun] = useState<TestRun | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<TestRecipient[] | null>(null);

  /** Bumped after each write: the lists are read again. */
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    void api<PaymentTestState>('GET', `/api/admin/payment-test?limit=${limit}`).then((answer) => {
      if (!live) return;
      setLoadError(answer.ok ? null : (answer.body.error ?? UNEXPECTED));
      if (answer.ok) setState(answer.body);
    });
    return () => {
      live = false;
    };
  }, [limit, version]);

  const run = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const answer = await api<{ run: TestRun }>('POST', '/api/admin/payment-test/runs', { service, area });
    setBusy(false);
    if (!answer.ok) return setMessage(answer.body.error ?? UNEXPECTED);
    setLastRun(answer.body.run);
    const { steps } = answer.body.run;
    setMessage(
      `Test run ${answer.body.run.outcome === 'pass' ? 'passed' : answer.body.run.outcome === 'fail' ? 'failed' : 'is still running'}: ${steps.distributed.detail}; ${steps.charged.detail}.`,
    );
    setVersion((v) => v + 1);
  };

  const search = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setMessage(null);
    const answer = await api<{ businesses: TestRecipient[] }>(
      'GET',
      `/api/admin/payment-test/recipients?q=${encodeURIComponent(query)}`,
    );
    if (!answer.ok) return setMessage(answer.body.error ?? UNEXPECTED);
    setFound(answer.body.businesses);
  };

  const changeRecipient = async (business: TestRecipient, receives: boolean) => {
    setBusy(true);
    setMessage(null);
    const answer = await api('POST', '/api/admin/payment-test/recipients', {
      businessId: business.id,
      receives,
    });
    setBusy(false);
    if (!answer.ok) return setMessage(answer.body.error ?? UNEXPECTED);
    setMessage(
      receives
        ? `${business.name} now receives test leads.`
        : `${business.name} no longer receives test leads.`,
    );
    setFound((previous) => previous?.filter((b) => b.id !== business.id) ?? null);
    setVersion((v) => v + 1);
  };

  const s = state?.summary;
  return (
    <div>
      <div className="admin-filters">
        <label htmlFor={ids.limit}>
          Rows per list
          <select
            id={ids.limit}
            value={limit}
            onChange={(e) => setLimit(Number(e.target.value) as PaymentTestListSize)}
          >
            {PAYMENT_TEST_LIST_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p role="status" aria-live="polite">
        {message ?? loadError}
      </p>
      <Tabs label="Payment test" tabs={PAYMENT_TEST_TABS} selected={tab} onSelect={setTab}>
        {!state ? (
          <p className="muted">Loading…</p>
        ) : tab === 'overview' ? (
          <>
            <h2>Admin leads summary</h2>
            {s && (
              <table className="admin-table">
                <caption className="muted">Real leads only; test leads are counted on their own.</caption>
                <tbody>
                  <Figure label="Leads today" value={s.leadsToday} />
                  <Figure label="Leads this week" value={s.leadsThisWeek} />
                  <Figure label="Leads in total" value={s.leadsTotal} />
                  <Figure label="Qualified" value={s.qualified} />
                  <Figure label="Not qualified" value={s.unqualified} />
                  <Figure label="Awaiting confirmation or sale" value={s.pending} />
                  <Figure label="Distributed (sold to a pro)" value={s.distributed} />
                  <Figure
                    label="Distributions (paid, failed)"
                    value={`${s.distributions} (${s.paidDistributions}, ${s.failedDistributions})`}
                  />
                  <Figure label="Lead revenue" value={formatMoney(s.revenueCents)} />
                  <Figure label="Refunded" value={formatMoney(s.refundedCents)} />
                  <Figure label="Test leads" value={s.testLeads} />
                  <Figure label="Test charges" value={formatMoney(s.testRevenueCents)} />
                </tbody>
              </table>
            )}
            <h2>Run a payment test</h2>
            {state.refusal ? (
              <p role="alert">{state.refusal}</p>
            ) : (
              <form className="admin-filters" onSubmit={(e) => void run(e)}>
                <label htmlFor={ids.service}>
                  Service
                  <select id={ids.service} value={service} onChange={(e) => setService(e.target.value)}>
                    {props.services.map((o) => (
                      <option key={o.slug} value={o.slug}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                </label>
                <label htmlFor={ids.area}>
                  Service area
                  <select id={ids.area} value={area} onChange={(e) => setArea(e.target.value)}>
                    {props.areas.map((o) => (
                      <option key={o.slug} value={o.slug}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                </label>
                <button className="btn" type="submit" disabled={busy}>
                  Run payment test
                </button>
              </form>
            )}
            {state.recipients.length === 0 && <p className="muted">{PAYMENT_TEST_MESSAGES.noRecipients}</p>}
            {lastRun && <RunsTable caption="Latest run" runs={[lastRun]} />}
            <section aria-labelledby={`${ids.search}-heading`}>
              <h2 id={`${ids.search}-heading`}>Test recipients</h2>
              <p className="muted">
                Test leads are sold only to these contractors (and only if they match the lead and can pay),
                so no other contractor is sent or charged for a test.
              </p>
              {state.recipients.length > 0 && (
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Business</th>
                      <th scope="col">Status</th>
                      <th scope="col">Card on file</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {state.recipients.map((b) => (
                      <tr key={b.id}>
                        <td>{b.name}</td>
                        <td>
                          {b.status}
                          {b.verified ? ', verified' : ', not verified'}
                        </td>
                        <td>{b.hasCard ? 'Yes' : 'No'}</td>
                        <td>
                          <button
                            type="button"
                            className="btn secondary"
                            disabled={busy}
                            aria-label={`Remove ${b.name} from the test recipients`}
                            onClick={() => void changeRecipient(b, false)}
                          >
                            Remove
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <form className="admin-filters" role="search" onSubmit={(e) => void search(e)}>
                <label htmlFor={ids.search}>
                  Find an active contractor by name
                  <input
                    id={ids.search}
                    type="search"
                    minLength={2}
                    maxLength={100}
                    value={query}
                    onChange={(e) => setQuery(e.target.value)}
                  />
                </label>
                <button className="btn secondary" type="submit">
                  Find
                </button>
              </form>
              {found?.length === 0 && <p className="muted">No active contractor matches.</p>}
              {found && found.length > 0 && (
                <ul>
                  {found.map((b) => (
                    <li key={b.id}>
                      {b.name} {b.hasCard ? '(card on file)' : '(no card on file)'}{' '}
                      <button
                        type="button"
                        className="btn secondary"
                        disabled={busy}
                        aria-label={`Add ${b.name} to the test recipients`}
                        onClick={() => void changeRecipient(b, true)}
                      >
                        Add
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        ) : tab === 'leads' ? (
          state.leads.length === 0 ? (
            <p className="muted">{PAYMENT_TEST_MESSAGES.noLeads}</p>
          ) : (
            <table className="admin-table">
              <caption className="muted">The latest {limit} test leads</caption>
              <thead>
                <tr>
                  <th scope="col">Lead</th>
                  <th scope="col">Created</th>
                  <th scope="col">Service</th>
                  <th scope="col">Area</th>
                  <th scope="col">Qualification</th>
                  <th scope="col">Score</th>
                  <th scope="col">Distributions</th>
                  <th scope="col">Paid</th>
                </tr>
              </thead>
              <tbody>
                {state.leads.map((l) => (
                  <tr key={l.id}>
                    <td title={l.id}>{shortId(l.id)}</td>
                    <td>{when(l.createdAt)}</td>
                    <td>{l.service ?? '—'}</td>
                    <td>{l.city ?? '—'}</td>
                    <td>{l.qualification}</td>
                    <td>{l.score}</td>
                    <td>{l.distributions}</td>
                    <td>{l.paid}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        ) : tab === 'distributions' ? (
          state.distributions.length === 0 ? (
            <p className="muted">{PAYMENT_TEST_MESSAGES.noDistributions}</p>
          ) : (
            <table className="admin-table">
              <caption className="muted">The latest {limit} distributions of test leads</caption>
              <thead>
                <tr>
                  <th scope="col">Lead</th>
                  <th scope="col">Contractor</th>
                  <th scope="col">Rank</th>
                  <th scope="col">Status</th>
                  <th scope="col">Payment</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Error</th>
                </tr>
              </thead>
              <tbody>
                {state.distributions.map((d) => (
                  <tr key={d.id}>
                    <td title={d.leadId}>{shortId(d.leadId)}</td>
                    <td>{d.business}</td>
                    <td>{d.rank}</td>
                    <td>{d.status}</td>
                    <td>{d.paymentStatus}</td>
                    <td>{formatMoney(d.amountCents)}</td>
                    <td>{d.error ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        ) : tab === 'transactions' ? (
          state.transactions.length === 0 ? (
            <p className="muted">{PAYMENT_TEST_MESSAGES.noTransactions}</p>
          ) : (
            <table className="admin-table">
              <caption className="muted">The latest {limit} transactions of test leads</caption>
              <thead>
                <tr>
                  <th scope="col">Lead</th>
                  <th scope="col">Contractor</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Payment intent</th>
                  <th scope="col">Error</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {state.transactions.map((t) => (
                  <tr key={t.id}>
                    <td title={t.leadId}>{shortId(t.leadId)}</td>
                    <td>{t.business}</td>
                    <td>{formatMoney(t.amountCents)}</td>
                    <td>{t.status}</td>
                    <td>{t.paymentIntentId ?? '—'}</td>
                    <td>{t.error ?? '—'}</td>
                    <td>{when(t.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        ) : state.runs.length === 0 ? (
          <p className="muted">{PAYMENT_TEST_MESSAGES.noRuns}</p>
        ) : (
          <RunsTable caption={`The latest ${limit} test runs`} runs={state.runs} />
        )}
      </Tabs>
    </div>
  );
}

function Figure(props: { label: string; value: string | number }) {
  return (
    <tr>
      <th scope="row">{props.label}</th>
      <td>{props.value}</td>
    </tr>
  );
}

function Step(props: { step: TestStep }) {
  return (
    <td>
      <strong>{STEP_LABEL[props.step.status]}</strong>: {props.step.detail}
    </td>
  );
}

function RunsTable(props: { caption: string; runs: TestRun[] }) {
  return (
    <table className="admin-table">
      <caption className="muted">{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">By</th>
          <th scope="col">Lead</th>
          <th scope="col">Lead created</th>
          <th scope="col">Qualified</th>
          <th scope="col">Distributed</th>
          <th scope="col">Charged</th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {props.runs.map((r) => (
          <tr key={r.id}>
            <td>{when(r.createdAt)}</td>
            <td>{r.actorEmail ?? '—'}</td>
            <td title={r.leadId ?? undefined}>{r.leadId ? shortId(r.leadId) : '—'}</td>
            <Step step={r.steps.leadCreated} />
            <Step step={r.steps.qualified} />
            <Step step={r.steps.distributed} />
            <Step step={r.steps.charged} />
            <td>
              <strong>{STEP_LABEL[r.outcome]}</strong>
              {r.error ? `: ${r.error}` : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
