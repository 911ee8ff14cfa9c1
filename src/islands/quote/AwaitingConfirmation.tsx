// After a request from an address we have not verified: what happens next, plainly. Nothing goes
// to contractors, and nobody is charged, until the homeowner follows the mailed link.
import { QUOTE_CONFIRM_HOURS, QUOTE_PROMISED_HOURS } from '../../schemas/quote.ts';

export default function AwaitingConfirmation({ email }: { email: string }) {
  return (
    <section className="card wizard-step" aria-labelledby="quote-confirm-heading">
      <h2 id="quote-confirm-heading">Check your e-mail</h2>
      <p>
        We sent a link to <strong>{email}</strong>. Your request goes to local contractors only once you
        follow it and confirm, so nobody receives a request you did not make; they reply within{' '}
        {QUOTE_PROMISED_HOURS} hours of your confirmation.
      </p>
      <p className="muted">
        The link works for {QUOTE_CONFIRM_HOURS} hours. Nothing is sent and nobody is charged until then.
      </p>
      <p>
        <a className="btn" href="/">
          Back to Home
        </a>
      </p>
    </section>
  );
}
