// /quote-request: the six-step quote wizard (Service, Details, Timeline, Budget, Location,
// Contact). Each step is checked with the same schema the server uses; Continue only when the
// step is valid, else each field says why and focus goes to the first of them. A preset (service,
// timeline, budget) tapped with a pointer advances by itself after 300 ms; chosen with the
// keyboard (arrow keys move the choice) it waits for Continue (WCAG 3.2.2). After each step the
// progress indicator is scrolled into view and focus goes to the step's heading. Everything typed is kept in this
// browser until the request is accepted, so a reload or a failed network keeps it; the request
// key makes a double submit or a retry one request. Submitted while offline, it waits and is sent
// by itself once the connection is back (src/islands/shared/api.ts), saying so meanwhile.
// After Submit the last step asks for the code sent to the phone (CodeStep): the request is sold
// the moment the code is right; until then everything stays kept, a reload included.
import { startTransition, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { QUOTE_MESSAGES, QUOTE_STEPS, stepOf, type QuoteField } from '../../domain/quote-rules.ts';
import { loadChecks, stepErrors } from './checks.ts';
import { pushToast } from '../../stores/toasts.ts';
import { api } from '../shared/api.ts';
import Toaster from '../shared/Toaster.tsx';
import AwaitingConfirmation from './AwaitingConfirmation.tsx';
import SoldResult, { type SoldInfo } from './SoldResult.tsx';
import CodeStep from './CodeStep.tsx';
import Progress from './Progress.tsx';
import DetailsStep from './DetailsStep.tsx';
import ProofOfWork, { type ProofHandle } from './ProofOfWork.tsx';
import SaleProgress, { type SaleProgressInfo } from './SaleProgress.tsx';
import {
  resendCode,
  saleStatus,
  sendQuote,
  verifyCode,
  type CodeInfo,
  type SendOutcome,
} from './send-quote.ts';
import { PHONE_PROOF_MESSAGES } from '../../domain/phone-proof-rules.ts';
import {
  EMPTY_DRAFT,
  finishDraft,
  loadDraft,
  saveDraft,
  toQuoteInput,
  zipFromAddress,
  type QuoteDraft,
} from './draft.ts';
import ConsentLine, { CONSENT_ID } from './ConsentLine.tsx';
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
import ChosenPro from './ChosenPro.tsx';
import { applyLink, fetchTarget, linkApplied, markLinkApplied, readLink } from './prefill.ts';

interface Props {
  services: ServiceChoice[];
}

const AUTO_ADVANCE_MS = 300;
/** A choice made this soon after a pointer press (and after any key press) was made by pointer. */
const POINTER_CHOICE_MS = 1500;
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

/** How often the wizard asks how the sale stands, and how many times before the mail is left to tell. */
const SALE_POLL_MS = 700;
const SALE_POLL_TRIES = 86;

type Errors = Partial<Record<QuoteField | 'altcha' | 'code', string | undefined>>;

function QuoteWizard({ services }: Props) {
  const [step, setStep] = useState(1);
  const [draft, setDraft] = useState<QuoteDraft>(EMPTY_DRAFT);
  const [requestKey, setRequestKey] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  /** Sent and not sold yet: waiting for the e-mail link (a VoIP line) or checked by our team. */
  const [finished, setFinished] = useState<{ kind: 'awaiting_email' | 'held'; email: string } | null>(null);
  /** Sold (issue 25): the contractors it went to, shown here instead of going home. */
  const [sold, setSold] = useState<SoldInfo | null>(null);
  /** Its sale under way on the server: followed until it is done (issue 28). */
  const [selling, setSelling] = useState<SaleProgressInfo | null>(null);
  const following = selling !== null && !selling.late;
  /** Submitted: the code step, with where the code went. */
  const [codeStep, setCodeStep] = useState<{ code: CodeInfo | null } | null>(null);
  const [codeValue, setCodeValue] = useState('');
  /** Submitted while offline: waiting to be sent when the connection comes back. */
  const [offline, setOffline] = useState(false);
  const proof = useRef<ProofHandle>(null);
  /** The ZIP code the address last filled in, so a later address may replace it. */
  const autoZip = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const progress = useRef<HTMLDivElement>(null);
  /** When the last pointer press and key press happened (performance.now()). */
  const lastPointer = useRef(-Infinity);
  const lastKey = useRef(-Infinity);
  /** Raised to move focus to the first invalid field once the step with it has rendered. */
  const [focusRequest, setFocusRequest] = useState(0);

  // Restore what was typed; a link fills in what it names once per tab (prefill.ts: ?service=,
  // ?zip=, and ?contractor= from a profile, whose name is fetched); signed-in users get their e-mail.
  useEffect(() => {
    const kept = loadDraft() ?? { step: 1, draft: { ...EMPTY_DRAFT }, requestKey: crypto.randomUUID() };
    const search = window.location.search;
    const linked = linkApplied(search) ? null : applyLink(kept, readLink(search, services));
    markLinkApplied(search);
    const next = linked?.saved ?? kept;
    if (linked?.fetchContractor) {
      void fetchTarget(linked.fetchContractor).then((target) => {
        if (target) setDraft((d) => ({ ...d, contractor: target }));
      });
    }
    // What this browser kept is applied after hydration, so the prebuilt HTML and the first render
    // agree; one extra render on load is the price.
    // In a transition: this second render yields to the browser instead of one long task (issue 25).
    startTransition(() => {
      setDraft(next.draft);
      setStep(next.step);
      setRequestKey(next.requestKey);
      if (next.codeStep) setCodeStep(next.codeStep);
      setReady(true);
    });
    if (/(?:^|; )signed_in=1/.test(document.cookie)) {
      void api<{ user: { email: string } | null }>('GET', '/api/auth/session').then((a) => {
        const email = a.body.user?.email;
        if (email) setDraft((d) => (d.email ? d : { ...d, email }));
      });
    }
  }, [services]);

  useEffect(() => {
    if (ready) saveDraft({ step, draft, requestKey, ...(codeStep ? { codeStep } : {}) });
  }, [ready, step, draft, requestKey, codeStep]);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (focusRequest === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  /** The fields' messages shown, and focus on the first field they name. */
  const showErrors = (found: Errors) => {
    setErrors(found);
    setFocusRequest((n) => n + 1);
  };

  /** The progress indicator in view (a long step may have been scrolled past it), focus on the heading. */
  const toTop = () =>
    requestAnimationFrame(() => {
      const box = progress.current?.getBoundingClientRect();
      if (box && (box.top < 0 || box.top > window.innerHeight / 2))
        progress.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus({ preventScroll: true });
    });

  const goTo = (next: number) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setErrors({});
    setStep(next);
    toTop();
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

  const check = (n: number, d: QuoteDraft) => stepErrors(n, toQuoteInput(d, requestKey));

  /** Continue: only when this step is valid. */
  const next = async () => {
    const found = await check(step, draft);
    if (Object.keys(found).length) showErrors(found);
    else goTo(step + 1);
  };

  /**
   * A preset choice: saved at once; made with a pointer (a tap or a click), on to the next step
   * after 300 ms; made with the keyboard (arrow keys move a radio group's choice), it waits for
   * Continue, so browsing the choices never changes the page under the visitor (WCAG 3.2.2).
   */
  const choose = (patch: Partial<QuoteDraft>) => {
    const updated = { ...draft, ...patch };
    setDraft(updated);
    setErrors({});
    clearTimeout(timer.current);
    const now = performance.now();
    const byPointer = lastPointer.current > lastKey.current && now - lastPointer.current < POINTER_CHOICE_MS;
    if (!byPointer) return;
    const from = step;
    const pending = setTimeout(() => {
      void check(from, updated).then((found) => {
        // Not if another choice (or Back, or Continue) came meanwhile.
        if (timer.current === pending && Object.keys(found).length === 0) goTo(from + 1);
      });
    }, AUTO_ADVANCE_MS);
    timer.current = pending;
  };

  const submit = async () => {
    for (let n = 1; n <= LAST; n += 1) {
      const found = await check(n, draft);
      if (Object.keys(found).length) {
        setStep(n);
        showErrors(found);
        return;
      }
    }
    setBusy(true);
    const altcha = await proof.current?.payload();
    const outcome = altcha
      ? await sendQuote(toQuoteInput(draft, requestKey, altcha), { onWaiting: setOffline })
      : ({ kind: 'fields', errors: { altcha: QUOTE_MESSAGES.proof } } as const);
    setBusy(false);
    // A refused request spends its proof of work: the next try gets a fresh challenge.
    if (outcome.kind === 'fields' || outcome.kind === 'failed') proof.current?.reset();
    settle(outcome);
  };

  /** The code typed from the phone: right, and the request is sold now. */
  const verify = async () => {
    if (!/^\d{6}$/.test(codeValue)) {
      showErrors({ code: PHONE_PROOF_MESSAGES.codeFormat });
      return;
    }
    setBusy(true);
    const outcome = await verifyCode(requestKey, codeValue);
    setBusy(false);
    settle(outcome);
  };

  const resend = async (channel: 'sms' | 'call') => {
    setBusy(true);
    const answer = await resendCode(requestKey, channel);
    setBusy(false);
    if (answer.ok) {
      setCodeStep({ code: answer.code });
      setCodeValue('');
      setErrors({});
    } else {
      setErrors({ code: answer.message });
    }
  };

  /** What an answer means for the page; nothing the homeowner typed is lost on a refusal. */
  const settle = (outcome: SendOutcome) => {
    switch (outcome.kind) {
      case 'selling':
        setCodeStep(null);
        setSelling({ contractors: outcome.contractors, late: false });
        return;
      case 'code':
        setCodeStep({ code: outcome.code });
        setCodeValue('');
        setErrors({});
        requestAnimationFrame(() => heading.current?.focus());
        return;
      case 'done':
        finishDraft();
        pushToast(outcome.toast);
        if (outcome.sold) {
          setSold({ ...outcome.sold, signedIn: /(?:^|; )signed_in=1/.test(document.cookie) });
          return;
        }
        setTimeout(() => window.location.assign('/'), 1200);
        return;
      case 'awaiting_email':
      case 'held':
        finishDraft();
        setFinished({ kind: outcome.kind, email: draft.email.trim() });
        return;
      case 'fields': {
        if (outcome.errors.code && codeStep) {
          showErrors({ code: outcome.errors.code });
          return;
        }
        setCodeStep(null);
        setStep(Math.min(...Object.keys(outcome.errors).map(stepOf)));
        showErrors(outcome.errors);
        return;
      }
      case 'failed':
        pushToast({ title: outcome.title, description: outcome.description, variant: 'destructive' });
    }
  };

  // Following the sale: asked every SALE_POLL_MS until it is done; after SALE_POLL_TRIES the page
  // says the mail will tell (the request is kept either way). A failed ask is asked again.
  useEffect(() => {
    if (!following) return;
    let cancelled = false;
    let tries = 0;
    let wait: ReturnType<typeof setTimeout>;
    const ask = async () => {
      tries += 1;
      const outcome = await saleStatus(requestKey);
      if (cancelled) return;
      if (outcome.kind === 'selling' || outcome.kind === 'failed') {
        const contractors = outcome.kind === 'selling' ? outcome.contractors : undefined;
        if (tries >= SALE_POLL_TRIES) {
          finishDraft();
          setSelling((s) => ({ contractors: contractors ?? s?.contractors ?? [], late: true }));
          return;
        }
        if (contractors) setSelling({ contractors, late: false });
        wait = setTimeout(() => void ask(), SALE_POLL_MS);
        return;
      }
      // Sold: the cards replace the progress. Out of area or unmatched (a toast, then home): the
      // progress stays until then, so the filled-in form does not come back meanwhile.
      if (outcome.kind !== 'done' || outcome.sold) setSelling(null);
      settle(outcome);
    };
    wait = setTimeout(() => void ask(), SALE_POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(wait);
    };
    // Started once per sale: the counts it sets do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [following, requestKey]);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (codeStep) void verify();
    else if (step === LAST) void submit();
    else void next();
  };

  const props: StepProps = { draft, errors, set, choose };

  // Sent: the sale followed, its contractors, or what it waits for, in place of the form.
  const outcome = selling ? (
    <SaleProgress {...selling} />
  ) : sold ? (
    <SoldResult {...sold} />
  ) : finished ? (
    <AwaitingConfirmation kind={finished.kind} email={finished.email} />
  ) : null;
  if (outcome) {
    return (
      <div className="wizard">
        <Toaster />
        {outcome}
      </div>
    );
  }

  return (
    <div className="wizard">
      <Toaster />
      <div className="wizard-progress" ref={progress}>
        <Progress step={step} />
      </div>
      {draft.contractor && !codeStep && (
        <ChosenPro
          target={draft.contractor}
          service={services.find((s) => s.slug === draft.service) ?? null}
          onDrop={() => setDraft((d) => ({ ...d, contractor: null }))}
        />
      )}
      <form
        ref={form}
        className="card wizard-step"
        onSubmit={onSubmit}
        noValidate
        onPointerDownCapture={() => {
          lastPointer.current = performance.now();
          void loadChecks().catch(() => undefined);
        }}
        onKeyDownCapture={() => {
          lastKey.current = performance.now();
          void loadChecks().catch(() => undefined);
        }}
        onFocusCapture={() => void loadChecks().catch(() => undefined)}
      >
        <h2 ref={heading} tabIndex={-1}>
          {codeStep ? 'Enter the code we sent you' : HEADINGS[step - 1]}
        </h2>
        {codeStep && (
          <CodeStep
            code={codeStep.code}
            value={codeValue}
            error={errors.code}
            busy={busy}
            onValue={(v) => {
              setCodeValue(v);
              setErrors({});
            }}
            onResend={(channel) => void resend(channel)}
            onChangePhone={() => {
              setCodeStep(null);
              setErrors({});
              requestAnimationFrame(() =>
                document.querySelector<HTMLInputElement>('.wizard input[autocomplete="tel"]')?.focus(),
              );
            }}
          />
        )}
        {!codeStep && step === 1 && <ServiceStep {...props} services={services} />}
        {!codeStep && step === 2 && (
          <DetailsStep
            {...props}
            requestKey={requestKey}
            onPhotos={(change) => setDraft((d) => ({ ...d, photos: change(d.photos) }))}
          />
        )}
        {!codeStep && step === 3 && <TimelineStep {...props} />}
        {!codeStep && step === 4 && (
          <BudgetStep {...props} service={services.find((s) => s.slug === draft.service)} />
        )}
        {!codeStep && step === 5 && <LocationStep {...props} onAddress={onAddress} />}
        {!codeStep && step === 6 && (
          <>
            <ContactStep {...props} />
            <ProofOfWork ref={proof} error={errors.altcha} />
            <ConsentLine />
          </>
        )}
        <div className="wizard-nav">
          {step > 1 && !codeStep && (
            <button type="button" className="btn secondary" onClick={() => goTo(step - 1)}>
              Back
            </button>
          )}
          {codeStep ? (
            <button type="submit" className="btn" disabled={busy}>
              {busy ? 'Checking…' : 'Verify and send request'}
            </button>
          ) : step < LAST ? (
            <button type="submit" className="btn">
              Continue
            </button>
          ) : (
            <button type="submit" className="btn" disabled={busy} aria-describedby={CONSENT_ID}>
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
