// The wizard's steps other than Details: each shows its fields of the draft and their messages.
// Presets (service, timeline, budget) call `choose`, which advances by itself once valid when the
// choice was made with a pointer (QuoteWizard).
import { PHONE_PROOF_WHY } from '../../domain/phone-proof-rules.ts';
import {
  ADDRESS_LIMITS,
  BUDGET_PRESETS,
  CONTACT_METHODS,
  NAME_LIMITS,
  PHONE_LIMITS,
  PROPERTY_TYPES,
  TIMELINES,
  type QuoteField,
} from '../../domain/quote-rules.ts';
import { EMAIL_MAX } from '../../domain/account-rules.ts';
import type { QuoteDraft } from './draft.ts';
import { Choice, DraftInput, FieldMessage, messageId } from './parts.tsx';

export interface StepProps {
  draft: QuoteDraft;
  errors: Partial<Record<QuoteField, string | undefined>>;
  set: <K extends keyof QuoteDraft>(key: K, value: QuoteDraft[K]) => void;
  choose: (patch: Partial<QuoteDraft>) => void;
}

export function ServiceStep({ draft, errors, choose, services }: StepProps & { services: ServiceChoice[] }) {
  return (
    <fieldset aria-describedby={messageId('service', errors.service)}>
      <legend className="visually-hidden">Service</legend>
      <div className="choices">
        {services.map((s) => (
          <Choice
            key={s.slug}
            name="service"
            value={s.slug}
            chosen={draft.service === s.slug}
            invalid={Boolean(errors.service)}
            onChoose={() => choose({ service: s.slug })}
          >
            {s.name}
          </Choice>
        ))}
      </div>
      <FieldMessage id="quote-service-error" text={errors.service} />
    </fieldset>
  );
}

export interface ServiceChoice {
  slug: string;
  name: string;
}

export function TimelineStep({ draft, errors, choose }: StepProps) {
  return (
    <fieldset aria-describedby={messageId('timeline', errors.timeline)}>
      <legend className="visually-hidden">Timeline</legend>
      <div className="choices">
        {TIMELINES.map((t) => (
          <Choice
            key={t.value}
            name="timeline"
            value={t.value}
            chosen={draft.timeline === t.value}
            invalid={Boolean(errors.timeline)}
            onChoose={() => choose({ timeline: t.value })}
          >
            <strong>{t.label}</strong> <span className="muted">{t.detail}</span>
          </Choice>
        ))}
      </div>
      <FieldMessage id="quote-timeline-error" text={errors.timeline} />
    </fieldset>
  );
}

export function BudgetStep({ draft, errors, set, choose }: StepProps) {
  return (
    <>
      <fieldset>
        <legend>Budget range</legend>
        <div className="choices">
          {BUDGET_PRESETS.map((b) => (
            <Choice
              key={b.label}
              name="budget"
              chosen={draft.budgetMin === String(b.min) && draft.budgetMax === String(b.max)}
              onChoose={() => choose({ budgetMin: String(b.min), budgetMax: String(b.max) })}
            >
              {b.label}
            </Choice>
          ))}
        </div>
      </fieldset>
      <div className="row">
        <DraftInput
          label="Minimum budget ($)"
          field="budgetMin"
          value={draft.budgetMin}
          error={errors.budgetMin}
          onValue={(v) => set('budgetMin', v)}
          type="number"
          inputMode="numeric"
          min={0}
          step={100}
        />
        <DraftInput
          label="Maximum budget ($)"
          field="budgetMax"
          value={draft.budgetMax}
          error={errors.budgetMax}
          onValue={(v) => set('budgetMax', v)}
          type="number"
          inputMode="numeric"
          min={0}
          step={100}
        />
      </div>
    </>
  );
}

export function LocationStep({
  draft,
  errors,
  set,
  onAddress,
}: StepProps & { onAddress: (v: string) => void }) {
  return (
    <>
      <DraftInput
        label="Property address"
        field="address"
        value={draft.address}
        error={errors.address}
        onValue={onAddress}
        type="text"
        autoComplete="street-address"
        maxLength={ADDRESS_LIMITS.max}
      />
      <DraftInput
        label="ZIP code"
        field="zipCode"
        value={draft.zipCode}
        error={errors.zipCode}
        onValue={(v) => set('zipCode', v)}
        type="text"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
      />
      <label>
        Property type
        <select
          value={draft.propertyType}
          aria-invalid={errors.propertyType ? true : undefined}
          aria-describedby={messageId('propertyType', errors.propertyType)}
          onChange={(e) => set('propertyType', e.currentTarget.value as QuoteDraft['propertyType'])}
        >
          <option value="">Choose…</option>
          {PROPERTY_TYPES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <FieldMessage id="quote-propertyType-error" text={errors.propertyType} />
    </>
  );
}

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
