// Step 6: how contractors reach the homeowner (name, e-mail, phone, the preferred way), and why the
// phone is asked for.
import { EMAIL_MAX } from '../../domain/account-rules.ts';
import { PHONE_PROOF_WHY } from '../../domain/phone-proof-rules.ts';
import { CONTACT_METHODS, NAME_LIMITS, PHONE_LIMITS } from '../../domain/quote-rules.ts';
import { DraftInput, FieldMessage, messageId } from './parts.tsx';
import type { StepProps } from './step-types.ts';

export function ContactStep({ draft, errors, set }: StepProps) {
  return (
    <>
      <DraftInput
        label="Full name"
        field="name"
        value={draft.name}
        error={errors.name}
        onValue={(v) => set('name', v)}
        type="text"
        autoComplete="name"
        maxLength={NAME_LIMITS.max}
      />
      <DraftInput
        label="Email"
        field="email"
        value={draft.email}
        error={errors.email}
        onValue={(v) => set('email', v)}
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX}
      />
      <DraftInput
        label="Phone"
        field="phone"
        value={draft.phone}
        error={errors.phone}
        onValue={(v) => set('phone', v)}
        type="tel"
        autoComplete="tel"
        maxLength={PHONE_LIMITS.max}
      />
      <p className="muted hint">{PHONE_PROOF_WHY}</p>
      <fieldset aria-describedby={messageId('contactMethod', errors.contactMethod)}>
        <legend>Preferred contact method</legend>
        <div className="choices inline">
          {CONTACT_METHODS.map((c) => (
            <label key={c.value} className="check">
              <input
                type="radio"
                name="contactMethod"
                value={c.value}
                checked={draft.contactMethod === c.value}
                aria-invalid={errors.contactMethod ? true : undefined}
                onChange={() => set('contactMethod', c.value)}
              />
              {c.label}
            </label>
          ))}
        </div>
        <FieldMessage id="quote-contactMethod-error" text={errors.contactMethod} />
      </fieldset>
    </>
  );
}
