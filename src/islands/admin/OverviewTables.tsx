// The admin index's two lists (src/pages/admin/index.astro), drawn on the server with the admin
// kit's table (no JavaScript reaches the browser for them): this month's biggest spenders with
// the figures their dashboard shows, and the recent failed payments.
import { FIGURE_LABELS, figureTexts, type ContractorFigures } from '../../domain/figures.ts';
import { formatDateTime, formatMoney, plural } from '../../domain/format.ts';
import AdminTable from './kit/AdminTable.tsx';

export function ContractorFiguresTable(props: {
  rows: { businessId: string; businessName: string; figures: ContractorFigures }[];
}) {
  return (
    <AdminTable
      caption="Each approved contractor's figures this month"
      rows={props.rows}
      rowKey={(c) => c.businessId}
      columns={[
        { label: 'Contractor', kind: 'title', header: true, cell: (c) => c.businessName },
        { label: FIGURE_LABELS.monthSpend, kind: 'num', cell: (c) => figureTexts(c.figures).monthSpend },
        {
          label: FIGURE_LABELS.conversion,
          cell: (c) => (
            <>
              {figureTexts(c.figures).conversion}{' '}
              <span className="muted">
                ({c.figures.convertedLeads} of {c.figures.paidLeads})
              </span>
            </>
          ),
        },
        {
          label: FIGURE_LABELS.responseTime,
          cell: (c) => (
            <>
              {figureTexts(c.figures).responseTime}
              {c.figures.measuredResponses > 0 && (
                <span className="muted"> ({plural(c.figures.measuredResponses, 'reply', 'replies')})</span>
              )}
            </>
          ),
        },
      ]}
    />
  );
}

export function FailedPaymentsTable(props: {
  rows: { id: string; businessName: string; amountCents: number; message: string | null; at: Date }[];
}) {
  return (
    <AdminTable
      caption="Failed payments, newest first"
      rows={props.rows}
      rowKey={(f) => f.id}
      columns={[
        { label: 'When', cell: (f) => <time dateTime={f.at.toISOString()}>{formatDateTime(f.at)}</time> },
        { label: 'Business', kind: 'title', cell: (f) => f.businessName },
        { label: 'Amount', kind: 'num', cell: (f) => formatMoney(f.amountCents) },
        { label: 'Reason', cell: (f) => f.message ?? '—' },
      ]}
    />
  );
}
