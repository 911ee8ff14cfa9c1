// The Analytics tab: for each of the last six months (calendar months in Dayton time) the lead
// spend (the monthly spend's own definition), the leads paid for, and plan payments apart.
import { FIGURE_LABELS } from '../../domain/figures.ts';
import { formatMoney, formatMonth } from '../../domain/format.ts';
import type { BillingSummary } from '../../schemas/billing.ts';

export default function AnalyticsTab({ summary }: { summary: BillingSummary }) {
  return (
    <table className="billing-table billing-analytics">
      <caption>Spend and leads by month</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Lead spend</th>
          <th scope="col">Leads</th>
          <th scope="col">Plan payments</th>
        </tr>
      </thead>
      <tbody>
        {summary.months.map((m) => (
          <tr key={m.month}>
            <th scope="row" data-label="Month">
              {formatMonth(m.month)}
            </th>
            <td data-label="Lead spend" className="num">
              {formatMoney(m.spentCents)}
            </td>
            <td data-label="Leads" className="num">
              {m.leads}
            </td>
            <td data-label="Plan payments" className="num">
              {formatMoney(m.planCents)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={4} className="muted">
            This month’s lead spend is your {FIGURE_LABELS.monthSpend}; declined and refunded charges count
            for nothing.
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
