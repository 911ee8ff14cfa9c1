// The analytics charts, drawn by hand in SVG (docs/decisions.md: a chart library cost more bytes
// than the whole panel): one small chart per metric, stacked, each on its own scale, hidden from
// assistive technology; the same numbers in a real table with a caption and headers, behind
// "Show daily numbers", in a box of its own that scrolls sideways on a phone.
import { useId, useState } from 'react';
import { ANALYTICS_METRICS, METRIC_LABELS, type AnalyticsMetric } from '../../domain/analytics-rules.ts';
import type { AnalyticsSeries } from '../../schemas/analytics.ts';

const WIDTH = 300;
const HEIGHT = 80;
const PAD = 4;

/** The polyline's points for values on a 0..max scale (max at least 1, so zeros lie flat). */
export function linePoints(values: readonly number[]): string {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? (WIDTH - 2 * PAD) / (values.length - 1) : 0;
  return values
    .map(
      (v, i) =>
        `${(PAD + i * step).toFixed(1)},${(HEIGHT - PAD - (v / max) * (HEIGHT - 2 * PAD)).toFixed(1)}`,
    )
    .join(' ');
}

const shortDate = (iso: string) => {
  const [, month, day] = iso.split('-');
  return `${Number(month)}/${Number(day)}`;
};

function MetricChart({ metric, values }: { metric: AnalyticsMetric; values: number[] }) {
  const total = values.reduce((a, b) => a + b, 0);
  return (
    <figure className={`metric-chart metric-${metric.toLowerCase()}`}>
      <figcaption>
        {METRIC_LABELS[metric]}: <strong>{total}</strong>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false" preserveAspectRatio="none">
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} className="axis" />
        <polyline points={linePoints(values)} className="series" />
      </svg>
    </figure>
  );
}

export default function AnalyticsChart({ data }: { data: AnalyticsSeries }) {
  const [showTable, setShowTable] = useState(false);
  const id = useId();
  return (
    <>
      <div className="metric-charts">
        {ANALYTICS_METRICS.map((m) => (
          <MetricChart key={m} metric={m} values={data.series[m]} />
        ))}
      </div>
      <button
        type="button"
        className="btn secondary"
        aria-expanded={showTable}
        aria-controls={`${id}-table`}
        onClick={() => setShowTable((shown) => !shown)}
      >
        {showTable ? 'Hide daily numbers' : 'Show daily numbers'}
      </button>
      <div
        id={`${id}-table`}
        className="table-scroll"
        hidden={!showTable}
        role="region"
        aria-labelledby={`${id}-caption`}
        tabIndex={0}
      >
        {showTable && <DailyTable data={data} captionId={`${id}-caption`} />}
      </div>
    </>
  );
}

function DailyTable({ data, captionId }: { data: AnalyticsSeries; captionId: string }) {
  return (
    <table className="analytics-table">
      <caption id={captionId}>Daily analytics, {data.dates.length} days to today (UTC)</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          {ANALYTICS_METRICS.map((m) => (
            <th scope="col" key={m}>
              {METRIC_LABELS[m]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.dates.map((date, i) => (
          <tr key={date}>
            <th scope="row">
              <time dateTime={date}>{shortDate(date)}</time>
            </th>
            {ANALYTICS_METRICS.map((m) => (
              <td key={m}>{data.series[m][i]}</td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          {ANALYTICS_METRICS.map((m) => (
            <td key={m}>{data.series[m].reduce((a, b) => a + b, 0)}</td>
          ))}
        </tr>
      </tfoot>
    </table>
  );
}
