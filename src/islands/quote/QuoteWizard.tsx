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
// What is kept: use-kept-draft.ts; the steps: use-step-flow.ts; sending: use-send-request.ts.
import { type SyntheticEvent } from 'react';
import { QUOTE_STEPS } from '../../domain/quote-rules.ts';
import { loadChecks } from './checks.ts';
import Toaster from '../shared/Toaster.tsx';
import AwaitingConfirmation from './AwaitingConfirmation.tsx';
import SoldResult from './SoldResult.tsx';
import CodeStep from './CodeStep.tsx';
import Progress from './Progress.tsx';
import DetailsStep from './DetailsStep.tsx';
import ProofOfWork from './ProofOfWork.tsx';
import SaleProgress from './SaleProgress.tsx';
import ConsentLine, { CONSENT_ID } from './ConsentLine.tsx';
import { ServiceStep } from './ServiceStep.tsx';
import { TimelineStep } from './TimelineStep.tsx';
import { BudgetStep } from './BudgetStep.tsx';
import { LocationStep } from './LocationStep.tsx';
import { ContactStep } from './ContactStep.tsx';
import type { ServiceChoice, StepProps } from './step-types.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';
import ChosenPro from './ChosenPro.tsx';
import { useKeptDraft } from './use-kept-draft.ts';
import { useSendRequest } from './use-send-request.ts';
import { useStepFlow } from './use-step-flow.ts';

interface Props {
  services: ServiceChoice[];
}

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

function QuoteWizard({ services }: Props) {
  const kept = useKeptDraft(services);
  const { step, draft, setDraft, requestKey, codeStep, setCodeStep } = kept;
  const flow = useStepFlow(kept);
  const { errors, setErrors, heading, form, progress, goTo, set, onAddress, next, choose } = flow;
  const send = useSendRequest({ ...kept, ...flow });
  const { busy, finished, sold, selling, codeValue, setCodeValue, offline, proof, submit, verify, resend } =
    send;

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
          flow.notePointer();
          void loadChecks().catch(() => undefined);
        }}
        onKeyDownCapture={() => {
          flow.noteKey();
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
