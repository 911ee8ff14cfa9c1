// The payment-test page's Overview tab: the admin leads summary, a test run (service and area),
// and the test recipients (the only contractors a test lead is sold to), found and added by name.
import { useId, useState } from 'react';
import { LISTING_WORDS, formatMoney, wordFor } from '../../../domain/format.ts';
import { PAYMENT_TEST_MESSAGES } from '../../../domain/payment-test.ts';
import type { PaymentTestState, TestRecipient, TestRun } from '../../../schemas/admin-payment-test.ts';
import { api, UNEXPECTED } from '../../shared/api.ts';
import { failureText, read } from '../../shared/read.ts';
import AdminTable, { type Column } from '../kit/AdminTable.tsx';
import { RunsTable } from './lists.tsx';
import RowButton from '../kit/RowButton.tsx';

type FormEvent = { preventDefault: () => void };
export interface Option {
  slug: string;
  name: string;
}

function Summary(props: { s: PaymentTestState['summary'] }) {
  const { s } = props;
  const figures: [string, string | number][] = [
    ['Leads today', s.leadsToday],
    ['Leads this week', s.leadsThisWeek],
    ['Leads in total', s.leadsTotal],
    ['Qualified', s.qualified],
    ['Not qualified', s.unqualified],
    ['Awaiting confirmation or sale', s.pending],
    ['Distributed (sold to a pro)', s.distributed],
    ['Distributions (paid, failed)', `${s.distributions} (${s.paidDistributions}, ${s.failedDistributions})`],
    ['Lead revenue', formatMoney(s.revenueCents)],
    ['Refunded', formatMoney(s.refundedCents)],
    ['Test leads', s.testLeads],
    ['Test charges', formatMoney(s.testRevenueCents)],
  ];
  return (
    <table className="admin-table admin-summary">
      <caption className="muted">Real leads only; test leads are counted on their own.</caption>
      <tbody>
        {figures.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td data-kind="num">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function Overview(props: {
  state: PaymentTestState;
  services: Option[];
  areas: Option[];
  onMessage: (message: string | null) => void;
  onChanged: () => void;
  /** The latest run from this page, kept by the page while another tab is open. */
  lastRun: TestRun | null;
  onRun: (run: TestRun) => void;
}) {
  const ids = { service: useId(), area: useId(), search: useId() };
  const { state, onMessage } = props;
  const [busy, setBusy] = useState(false);
  const [service, setService] = useState(props.services[0]?.slug ?? '');
  const [area, setArea] = useState(props.areas[0]?.slug ?? '');
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<TestRecipient[] | null>(null);

  const run = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    onMessage(null);
    const answer = await api<{ run: TestRun }>('POST', '/api/admin/payment-test/runs', { service, area });
    setBusy(false);
    if (!answer.ok) return onMessage(answer.body.error ?? UNEXPECTED);
    props.onRun(answer.body.run);
    const { steps, outcome } = answer.body.run;
    const result = outcome === 'pass' ? 'passed' : outcome === 'fail' ? 'failed' : 'is still running';
    onMessage(`Test run ${result}: ${steps.distributed.detail}; ${steps.charged.detail}.`);
    props.onChanged();
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    onMessage(null);
    const url = `/api/admin/payment-test/recipients?q=${encodeURIComponent(query)}`;
    await read<{ businesses: TestRecipient[] }>(url).then(
      (answer) => setFound(answer.businesses),
      (error: unknown) => onMessage(failureText(error)),
    );
  };

  const changeRecipient = async (business: TestRecipient, receives: boolean) => {
    setBusy(true);
    onMessage(null);
    const answer = await api('POST', '/api/admin/payment-test/recipients', {
      businessId: business.id,
      receives,
    });
    setBusy(false);
    if (!answer.ok) return onMessage(answer.body.error ?? UNEXPECTED);
    onMessage(
      receives
        ? `${business.name} now receives test leads.`
        : `${business.name} no longer receives test leads.`,
    );
    setFound((previous) => previous?.filter((b) => b.id !== business.id) ?? null);
    props.onChanged();
  };

  const recipientColumns: Column<TestRecipient>[] = [
    { label: 'Business', kind: 'title', cell: (b) => b.name },
    {
      label: 'Status',
      cell: (b) => `${wordFor(LISTING_WORDS, b.status)}, ${b.verified ? 'verified' : 'not verified'}`,
    },
    { label: 'Card on file', cell: (b) => (b.hasCard ? 'Yes' : 'No') },
    {
      label: 'Actions',
      kind: 'actions',
      cell: (b) => (
        <RowButton
          name={`Remove ${b.name} from the test recipients`}
          disabled={busy}
          onPress={() => void changeRecipient(b, false)}
        >
          Remove
        </RowButton>
      ),
    },
  ];

  return (
    <>
      <h2>Admin leads summary</h2>
      <Summary s={state.summary} />
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
      {props.lastRun && <RunsTable caption="Latest run" runs={[props.lastRun]} />}
      <section aria-labelledby={`${ids.search}-heading`}>
        <h2 id={`${ids.search}-heading`}>Test recipients</h2>
        <p className="muted">
          Test leads are sold only to these contractors (and only if they match the lead and can pay), so no
          other contractor is sent or charged for a test.
        </p>
        {state.recipients.length > 0 && (
          <AdminTable
            caption="Test recipients"
            columns={recipientColumns}
            rows={state.recipients}
            rowKey={(b) => b.id}
          />
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
          <ul className="admin-found">
            {found.map((b) => (
              <li key={b.id}>
                {b.name} {b.hasCard ? '(card on file)' : '(no card on file)'}{' '}
                <RowButton
                  name={`Add ${b.name} to the test recipients`}
                  disabled={busy}
                  onPress={() => void changeRecipient(b, true)}
                >
                  Add
                </RowButton>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
