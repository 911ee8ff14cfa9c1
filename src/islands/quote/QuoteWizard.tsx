// /quote-request: the six-step quote wizard (Service, Details, Timeline, Budget, Location,
// Contact). Each step is checked with the same schema the server uses; Continue only when the
// step is valid; presets advance by themselves after 300 ms. Everything typed is kept in this
// browser until the request is accepted, so a reload or a failed network keeps it; the request
// key makes a double submit or a retry one request. Submitted while offline, it waits and is sent
// by itself once the connection is back (src/islands/shared/api.ts), saying so meanwhile.
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import {
  QUOTE_MESSAGES,
  QUOTE_STEPS,
  quoteStepErrors,
  stepOf,
  type QuoteField,
} from '../../schemas/quote.ts';
import { pushToast } from '../../stores/toasts.ts';
import { api } from '../shared/api.ts';
import Toaster from '../shared/Toaster.tsx';
import AwaitingConfirmation from './AwaitingConfirmation.tsx';
import Progress from './Progress.tsx';
import DetailsStep from './DetailsStep.tsx';
import ProofOfWork, { type ProofHandle } from './ProofOfWork.tsx';
import { sendQuote } from './send-quote.ts';
import {
  clearDraft,
  EMPTY_DRAFT,
  loadDraft,
  saveDraft,
  toQuoteInput,
  zipFromAddress,
  type QuoteDraft,
} from './draft.ts';
import {
  BudgetStep,
  ContactStep,
  LocationStep,
  ServiceStep,
  TimelineStep,
  type ServiceChoice,
  type StepProps,
} from './steps.tsx';
import { withBoundary } from '../shared/ErrorBoundary.tsx';

interface Props {
  services: ServiceChoice[];
}

const AUTO_ADVANCE_MS = 300;
const QUOTE_OFFLINE_MESSAGE =
  'You are offline. Your request is kept and will be sent when the connection is back.';
const LAST = QUOTE_STEPS.length;
const HEADINGS = [
  'What do you need done?',
  'Tell us about the project',
  'When do you need it?',
  "What's your budget?",
  'Where is the project?',
  'How can contractors reach you?',
];

type Errors = Partial<Record<QuoteField | 'altcha', string | undefined>>;

function QuoteWizard({ services }: Props) {
  const [step, setStep] = useState(1);
  const [draft, setDraft] = useState<QuoteDraft>(EMPTY_DRAFT);
  const [requestKey, setRequestKey] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  /** The address a confirmation link went to, once the request is waiting for it. */
  const [awaiting, setAwaiting] = useState<string | null>(null);
  /** Submitted while offline: waiting to be sent when the connection comes back. */
  const [offline, setOffline] = useState(false);
  const proof = useRef<ProofHandle>(null);
  /** The ZIP code the address last filled in, so a later address may replace it. */
  const autoZip = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);

  // Restore what was typed; a ?service= link picks the service; signed-in users get their e-mail.
  useEffect(() => {
    const saved = loadDraft();
    const preset = new URLSearchParams(window.location.search).get('service');
    const next = saved ?? { step: 1, draft: { ...EMPTY_DRAFT }, requestKey: crypto.randomUUID() };
    if (preset && !saved && services.some((s) => s.slug === preset)) {
      next.draft = { ...next.draft, service: preset };
      next.step = 2;
    }
    // What this browser kept is applied after hydration, so the prebuilt HTML and the first render
    // agree; one extra render on load is the price.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setDraft(next.draft);
    setStep(next.step);
    setRequestKey(next.requestKey);
    setReady(true);
    if (/(?:^|; )signed_in=1/.test(document.cookie)) {
      void api<{ user: { email: string } | null }>('GET', '/api/auth/session').then((a) => {
        const email = a.body.user?.email;
        if (email) setDraft((d) => (d.email ? d : { ...d, email }));
      });
    }
  }, [services]);

  useEffect(() => {
    if (ready) saveDraft({ step, draft, requestKey });
  }, [ready, step, draft, requestKey]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const goTo = (next: number) => {
    clearTimeout(timer.current);
    setErrors({});
    setStep(next);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const set: StepProps['set'] = (key, value) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /**
   * The address, and the ZIP code it ends with, into the ZIP field while that is empty or still
   * holds what an earlier address filled in (a ZIP the homeowner typed is never overwritten).
   */
  const onAddress = (address: string) => {
    const zip = zipFromAddress(address);
    setDraft((d) => {
      const ours = d.zipCode === '' || d.zipCode === autoZip.current;
      if (!zip || !ours) return { ...d, address };
      autoZip.current = zip;
      return { ...d, address, zipCode: zip };
    });
    setErrors((e) => ({ ...e, address: undefined, zipCode: zip ? undefined : e.zipCode }));
  };

  const check = (n: number, d: QuoteDraft) => quoteStepErrors(n, toQuoteInput(d, requestKey));

  /** Continue: only when this step is valid. */
  const next = () => {
    const found = check(step, draft);
    if (Object.keys(found).length) setErrors(found);
    else goTo(step + 1);
  };

  /** A preset choice: saved at once, then on to the next step after 300 ms. */
  const choose = (patch: Partial<QuoteDraft>) => {
    const updated = { ...draft, ...patch };
    setDraft(updated);
    setErrors({});
    clearTimeout(timer.current);
    const from = step;
    timer.current = setTimeout(() => {
      if (Object.keys(check(from, updated)).length === 0) goTo(from + 1);
    }, AUTO_ADVANCE_MS);
  };

  const submit = async () => {
    for (let n = 1; n <= LAST; n += 1) {
      const found = check(n, draft);
      if (Object.keys(found).length) {
        setStep(n);
        setErrors(found);
        return;
      }
    }
    setBusy(true);
    const altcha = await proof.current?.payload();
    const outcome = altcha
      ? await sendQuote(toQuoteInput(draft, requestKey, altcha), { onWaiting: setOffline })
      : ({ kind: 'fields', errors: { altcha: QUOTE_MESSAGES.proof } } as const);
    setBusy(false);
    if (outcome.kind === 'awaiting' || outcome.kind === 'done') clearDraft();
    if (outcome.kind === 'awaiting') {
      setAwaiting(draft.email.trim());
      pushToast({
        title: 'Check your e-mail',
        description: 'Confirm your request to send it to contractors.',
      });
      return;
    }
    if (outcome.kind === 'done') {
      pushToast(outcome.toast);
      setTimeout(() => window.location.assign('/'), 1200);
      return;
    }
    // A refused request spends its proof of work: the next try gets a fresh challenge.
    proof.current?.reset();
    if (outcome.kind === 'fields') {
      setStep(Math.min(...Object.keys(outcome.errors).map(stepOf)));
      setErrors(outcome.errors);
      return;
    }
    pushToast({ title: outcome.title, description: outcome.description, variant: 'destructive' });
  };

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (step === LAST) void submit();
    else next();
  };

  const props: StepProps = { draft, errors, set, choose };

  if (awaiting) {
    return (
      <div className="wizard">
        <Toaster />
        <AwaitingConfirmation email={awaiting} />
      </div>
    );
  }

  return (
    <div className="wizard">
      <Toaster />
      <Progress step={step} />
      <form className="card wizard-step" onSubmit={onSubmit} noValidate>
        <h2 ref={heading} tabIndex={-1}>
          {HEADINGS[step - 1]}
        </h2>
        {step === 1 && <ServiceStep {...props} services={services} />}
        {step === 2 && (
          <DetailsStep
            {...props}
            requestKey={requestKey}
            onPhotos={(change) => setDraft((d) => ({ ...d, photos: change(d.photos) }))}
          />
        )}
        {step === 3 && <TimelineStep {...props} />}
        {step === 4 && <BudgetStep {...props} />}
        {step === 5 && <LocationStep {...props} onAddress={onAddress} />}
        {step === 6 && (
          <>
            <ContactStep {...props} />
            <ProofOfWork ref={proof} error={errors.altcha} />
          </>
        )}
        <div className="wizard-nav">
          {step > 1 && (
            <button type="button" className="btn secondary" onClick={() => goTo(step - 1)}>
              Back
            </button>
          )}
          {step < LAST ? (
            <button type="submit" className="btn">
              Continue
            </button>
          ) : (
            <button type="submit" className="btn" disabled={busy}>
              {busy ? 'Submitting…' : 'Submit Quote Request'}
            </button>
          )}
        </div>
      </form>
      <p className="visually-hidden" aria-live="polite">
        {busy ? 'Submitting your request' : ''}
      </p>
      {offline && (
        <p className="card wizard-offline" role="status">
          {QUOTE_OFFLINE_MESSAGE}
        </p>
      )}
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(QuoteWizard);
