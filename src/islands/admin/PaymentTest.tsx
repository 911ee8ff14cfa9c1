// The admin payment-test page: tabs Overview (the admin leads summary, a test run, the test
// recipients: src/islands/admin/payment-test/Overview), Test Leads, Distributions, Transactions and
// Test Results (payment-test/lists), each list 5 or 10 rows.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  PAYMENT_TEST_LIST_SIZES,
  PAYMENT_TEST_MESSAGES,
  PAYMENT_TEST_TABS,
  type PaymentTestListSize,
  type PaymentTestTab,
} from '../../domain/payment-test.ts';
import type { PaymentTestState, TestRun } from '../../schemas/admin-payment-test.ts';
import { withQueries } from '../shared/query.tsx';
import { read } from '../shared/read.ts';
import Tabs from '../shared/Tabs.tsx';
import { RunsTable, TestDistributions, TestLeads, TestTransactions } from './payment-test/lists.tsx';
import Overview, { type Option } from './payment-test/Overview.tsx';
import { StatusLine } from '../shared/notices.tsx';

function Panel(props: { state: PaymentTestState; tab: PaymentTestTab; limit: number }) {
  const { state, tab, limit } = props;
  const M = PAYMENT_TEST_MESSAGES;
  if (tab === 'leads') {
    return state.leads.length ? (
      <TestLeads rows={state.leads} limit={limit} />
    ) : (
      <p className="muted">{M.noLeads}</p>
    );
  }
  if (tab === 'distributions') {
    return state.distributions.length ? (
      <TestDistributions rows={state.distributions} limit={limit} />
    ) : (
      <p className="muted">{M.noDistributions}</p>
    );
  }
  if (tab === 'transactions') {
    return state.transactions.length ? (
      <TestTransactions rows={state.transactions} limit={limit} />
    ) : (
      <p className="muted">{M.noTransactions}</p>
    );
  }
  return state.runs.length ? (
    <RunsTable caption={`The latest ${limit} test runs`} runs={state.runs} />
  ) : (
    <p className="muted">{M.noRuns}</p>
  );
}

function PaymentTest(props: { services: Option[]; areas: Option[] }) {
  const limitId = useId();
  const [limit, setLimit] = useState<PaymentTestListSize>(5);
  const [tab, setTab] = useState<PaymentTestTab>('overview');
  const url = `/api/admin/payment-test?limit=${limit}`;
  const lists = useQuery({ queryKey: [url], queryFn: ({ signal }) => read<PaymentTestState>(url, signal) });
  // The lists as last read stay while another number of rows is read, and beside its refusal.
  const [state, setState] = useState<PaymentTestState | null>(null);
  if (lists.data && lists.data !== state) setState(lists.data);
  const loadError = lists.isError ? lists.error.message : null;
  const [message, setMessage] = useState<string | null>(null);
  const [lastRun, setLastRun] = useState<TestRun | null>(null);

  return (
    <div>
      <div className="admin-filters">
        <label htmlFor={limitId}>
          Rows per list
          <select
            id={limitId}
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
      <StatusLine>{message ?? loadError}</StatusLine>
      <Tabs label="Payment test" tabs={PAYMENT_TEST_TABS} selected={tab} onSelect={setTab}>
        {!state ? (
          <p className="muted">Loading…</p>
        ) : tab === 'overview' ? (
          <Overview
            state={state}
            services={props.services}
            areas={props.areas}
            onMessage={setMessage}
            onChanged={() => void lists.refetch()}
            lastRun={lastRun}
            onRun={setLastRun}
          />
        ) : (
          <Panel state={state} tab={tab} limit={limit} />
        )}
      </Tabs>
    </div>
  );
}

/** The island, with the lists read through the islands' data layer. */
export default withQueries(PaymentTest);
