// The Analytics tab: spend and leads paid for in each of the last six months (UTC).
import { formatMoney } from '../../domain/money.ts';
import type { BillingSummary } from '../../schemas/billing.ts';

export default function AnalyticsTab({ summary }: { summary: BillingSummary }) {
  return (
    <table className="billing-table">
      <caption>Spend and leads by month</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Spent</th>
          <th scope="col">Leads</th>
        </tr>
      </thead>
      <tbody>
        {summary.months.map((m) => (
          <tr key={m.month}>
            <td>{m.month}</td>
            <td>{formatMoney(m.spentCents)}</td>
            <td>{m.leads}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
