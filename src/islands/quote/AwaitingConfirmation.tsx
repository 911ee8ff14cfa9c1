// A request whose phone was proven but that does not go to contractors at once: a VoIP line waits
// for the e-mail link too, and a request that looks like many others waits for our team. What
// happens next, plainly; nothing is sent and nobody is charged until then.
import { replyPromise } from '../../domain/reply-promise.ts';
import { QUOTE_CONFIRM_HOURS } from '../../domain/quote-rules.ts';

export default function AwaitingConfirmation({
  kind,
  email,
}: {
  kind: 'awaiting_email' | 'held';
  email: string;
}) {
  return (
    <section className="card wizard-step" aria-labelledby="quote-confirm-heading">
      {kind === 'awaiting_email' ? (
        <>
          <h2 id="quote-confirm-heading">One more step: confirm your e-mail</h2>
          <p>
            Your phone number is an internet (VoIP) line, so we also confirm your e-mail before your request
            goes to contractors. We sent a link to <strong>{email}</strong>; follow it and contractors reply{' '}
            {replyPromise()}.
          </p>
          <p className="muted">
            The link works for {QUOTE_CONFIRM_HOURS} hours. Nothing is sent and nobody is charged until then.
          </p>
        </>
      ) : (
        <>
          <h2 id="quote-confirm-heading">Thank you: we are checking your request</h2>
          <p>
            Your phone is confirmed. Our team checks requests like this one before they go to contractors; we
            e-mail <strong>{email}</strong> as soon as yours is on its way.
          </p>
        </>
      )}
      <p>
        <a className="btn" href="/">
          Back to Home
        </a>
      </p>
    </section>
  );
}
