// Proving a listing claim (issue 23, Must 5): the claimant chooses a text or a call to the
// listing's public phone, or a mail to an address at its website's domain (typing the part
// before the @), then types the 6-digit code. Shown right after a claim is registered (inside
// the registration island) and on the dashboard while the claim awaits review (its own island).
// Inputs are checked with the endpoints' own schemas; a refusal keeps what was typed.
import { useId, useState, type SyntheticEvent } from 'react';
import * as z from 'zod/mini';
import { confirmationText, type ClaimChannel, type ClaimConfirmation } from '../../domain/claim-rules.ts';
import { CODE_LENGTH, CODE_MINUTES } from '../../domain/integrity-rules.ts';
import {
  ZClaimCodeCheck,
  ZClaimCodeRequest,
  type ClaimCodeConfirmed,
  type ClaimCodeSent,
  type ClaimProofState,
} from '../../schemas/claim-proof.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';
import { ErrorAlert } from '../shared/notices.tsx';

type Errors = Partial<Record<'channel' | 'localPart' | 'code' | 'form', string>>;

const SENT_VERB: Record<ClaimChannel, string> = {
  sms: 'texted a code to',
  call: 'are calling',
  email: 'e-mailed a code to',
};

function firstErrors(error: z.core.$ZodError): Errors {
  const found: Errors = {};
  for (const issue of error.issues) {
    const key = (issue.path[0] ?? 'form') as keyof Errors;
    found[key] ??= issue.message;
  }
  return found;
}

export function ClaimProofForm({ initial, level = 2 }: { initial: ClaimProofState; level?: 2 | 3 }) {
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h2';
  const channels: ClaimChannel[] = [
    ...(initial.phone ? (['sms', 'call'] as const) : []),
    ...(initial.emailDomain ? (['email'] as const) : []),
  ];
  const [confirmation, setConfirmation] = useState<ClaimConfirmation | null>(initial.confirmation);
  const [channel, setChannel] = useState<ClaimChannel>(channels[0] ?? 'sms');
  const [localPart, setLocalPart] = useState('');
  const [sent, setSent] = useState<ClaimCodeSent | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  if (confirmation) {
    return (
      <section className="claim-proof" aria-labelledby={`${id}-h`}>
        <Heading id={`${id}-h`}>Claim confirmed</Heading>
        <p role="status">
          {confirmationText(confirmation)}. Our team reviews your claim next and e-mails you once it is
          decided.
        </p>
      </section>
    );
  }

  if (!channels.length) {
    return (
      <section className="claim-proof" aria-labelledby={`${id}-h`}>
        <Heading id={`${id}-h`}>Prove the listing is yours</Heading>
        <p>
          {initial.businessName} lists no phone number or website we could send a code to, so our team checks
          your claim another way.
        </p>
      </section>
    );
  }

  const send = async (event: SyntheticEvent) => {
    event.preventDefault();
    const body = channel === 'email' ? { channel, localPart } : { channel };
    const parsed = z.safeParse(ZClaimCodeRequest, body);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      return;
    }
    setBusy(true);
    const answer = await api<ClaimCodeSent>('POST', '/api/claims/code', body);
    setBusy(false);
    if (answer.ok) {
      setSent(answer.body);
      setCode('');
      setErrors({});
      return;
    }
    const message = answer.status ? (answer.body.error ?? UNEXPECTED) : UNEXPECTED;
    setErrors({ form: message, ...(answer.body.fields?.['localPart'] ? { localPart: message } : {}) });
  };

  const confirm = async (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = z.safeParse(ZClaimCodeCheck, { code });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      return;
    }
    setBusy(true);
    const answer = await api<ClaimCodeConfirmed>('POST', '/api/claims/confirm', parsed.data);
    setBusy(false);
    if (answer.ok) {
      setConfirmation(answer.body.confirmation);
      return;
    }
    setErrors({ code: answer.status ? (answer.body.error ?? UNEXPECTED) : UNEXPECTED });
  };

  const label = (c: ClaimChannel) =>
    c === 'sms'
      ? `Text a code to ${initial.phone}`
      : c === 'call'
        ? `Call ${initial.phone} and read out a code`
        : `E-mail a code to an address at ${initial.emailDomain}`;

  return (
    <section className="claim-proof" aria-labelledby={`${id}-h`}>
      <Heading id={`${id}-h`}>Prove the listing is yours</Heading>
      <p>
        We send a {CODE_LENGTH}-digit code to the phone number {initial.businessName} lists publicly, or to an
        address at its website. Typing it here shows our team you run the business; a claim without it takes
        longer to review.
      </p>
      <form className="claim-proof-send" noValidate onSubmit={(e) => void send(e)}>
        <fieldset>
          <legend>How should we send the code?</legend>
          {channels.map((c) => (
            <label key={c} className="claim-proof-choice">
              <input
                type="radio"
                name={`${id}-channel`}
                value={c}
                checked={channel === c}
                onChange={() => setChannel(c)}
              />
              {label(c)}
            </label>
          ))}
        </fieldset>
        {channel === 'email' && (
          <>
            <label htmlFor={`${id}-local`}>Your address at {initial.emailDomain}</label>
            <span className="claim-proof-address">
              <input
                id={`${id}-local`}
                type="text"
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                value={localPart}
                aria-invalid={errors.localPart ? true : undefined}
                aria-describedby={errors.localPart ? `${id}-local-message` : undefined}
                onChange={(e) => setLocalPart(e.currentTarget.value)}
              />
              <span aria-hidden="true">@{initial.emailDomain}</span>
            </span>
            {errors.localPart && (
              <p id={`${id}-local-message`} className="error">
                {errors.localPart}
              </p>
            )}
          </>
        )}
        {errors.form && !errors.localPart && <ErrorAlert>{errors.form}</ErrorAlert>}
        <button type="submit" className={sent ? 'btn secondary' : 'btn'} disabled={busy}>
          {sent ? 'Send a new code' : 'Send code'}
        </button>
      </form>
      {sent && (
        <form className="claim-proof-check" noValidate onSubmit={(e) => void confirm(e)}>
          <p role="status">
            We {SENT_VERB[sent.channel]} {sent.sentTo}. The code works for {CODE_MINUTES} minutes.
          </p>
          <label htmlFor={`${id}-code`}>Code</label>
          <input
            id={`${id}-code`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH + 2}
            value={code}
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? `${id}-code-message` : undefined}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          {errors.code && (
            <p id={`${id}-code-message`} className="error" role="alert">
              {errors.code}
            </p>
          )}
          <button type="submit" className="btn" disabled={busy}>
            Confirm
          </button>
        </form>
      )}
      <p className="muted">Nothing changes on the listing until our team approves your claim.</p>
    </section>
  );
}

/** The dashboard's island, inside the error boundary every island root has. */
export default withBoundary(ClaimProofForm);
