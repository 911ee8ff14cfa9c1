// One communication on a lead, with its quote's lines and total, and whether the homeowner accepted it.
import { formatDate, formatDateTime, formatMoney } from '../../domain/format.ts';
import type { Communication } from '../../schemas/dashboard.ts';

/** A calendar day (YYYY-MM-DD) read at noon UTC, so Dayton's time zone keeps it on its own day. */
const dayAtNoon = (day: string) => `${day}T12:00:00Z`;

export default function CommunicationItem({ communication: c }: { communication: Communication }) {
  return (
    <article className="communication">
      <h4>{c.subject}</h4>
      <p className="muted">
        {c.senderName} · <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
      </p>
      <p className="message">{c.message}</p>
      {c.quote && (
        <div className="quote">
          {c.acceptedAt && (
            <p className="accepted">
              <strong>Accepted by the homeowner</strong> on {formatDate(c.acceptedAt)}
            </p>
          )}
          <table>
            <caption>Quote, valid until {formatDate(dayAtNoon(c.quote.validUntil))}</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Quantity</th>
                <th scope="col">Rate</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {c.quote.items.map((item, i) => (
                <tr key={i}>
                  <td>{item.description}</td>
                  <td>{item.quantity}</td>
                  <td>{formatMoney(item.rateCents)}</td>
                  <td>{formatMoney(item.amountCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <td>{formatMoney(c.quote.totalCents)}</td>
              </tr>
            </tfoot>
          </table>
          {c.quote.terms && <p>Terms: {c.quote.terms}</p>}
        </div>
      )}
    </article>
  );
}
