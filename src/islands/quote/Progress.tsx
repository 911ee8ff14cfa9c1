// Where the homeowner is in the wizard: the six steps by name, and "Step n of 6".
import { QUOTE_STEPS } from '../../domain/quote-rules.ts';

export default function Progress({ step }: { step: number }) {
  const last = QUOTE_STEPS.length;
  return (
    <>
      <ol className="steps" aria-label="Progress">
        {QUOTE_STEPS.map(({ label }, i) => (
          <li
            key={label}
            className={i + 1 === step ? 'current' : i + 1 < step ? 'done' : undefined}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            {label}
          </li>
        ))}
      </ol>
      <p className="muted">
        Step {step} of {last}
      </p>
      <progress max={last} value={step} aria-label={`Step ${step} of ${last}`} />
    </>
  );
}
