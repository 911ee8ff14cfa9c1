// The wizard's steps other than Details: each shows its fields of the draft and their messages.
// Presets (service, timeline, budget) call `choose`, which advances by itself once valid when the
// choice was made with a pointer (QuoteWizard).
import { useMemo, useState } from 'react';
import {
  BUDGET_NOT_SURE,
  BUDGET_NOT_SURE_LABEL,
  JOB_UNITS,
  budgetPresets,
  typicalJob,
  type ServicePrice,
} from '../../domain/budget-presets.ts';
import { formatBudget, formatPriceRange, plural } from '../../domain/format.ts';
import { PHONE_PROOF_WHY } from '../../domain/phone-proof-rules.ts';
import {
  ADDRESS_LIMITS,
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

export interface ServiceChoice {
  slug: string;
  name: string;
  category?: string;
  /** Shown first, as a quick pick, above the one A-Z list. */
  popular?: boolean;
  /** What people type for it ("leaking pipe", "no heat"), for the search box. */
  keywords?: string;
  /** Its typical price (the service page's range), for the budget presets. */
  price?: ServicePrice;
}

/** The words a service is found by: its name, category and keywords. */
const searchText = (s: ServiceChoice) => `${s.name} ${s.category ?? ''} ${s.keywords ?? ''}`.toLowerCase();

/**
 * Services whose name, category or keywords hold every word typed, in the order given (the page
 * passes them A-Z: sorting here would build a locale collator on load, a long task on a phone).
 */
function filterServices(services: readonly ServiceChoice[], query: string): ServiceChoice[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length ? services.filter((s) => words.every((w) => searchText(s).includes(w))) : [...services];
}

export function ServiceStep({ draft, errors, choose, services }: StepProps & { services: ServiceChoice[] }) {
  const [query, setQuery] = useState('');
  const searching = query.trim() !== '';
  const shown = useMemo(() => filterServices(services, query), [services, query]);
  const popular = services.filter((s) => s.popular);
  const chosen = services.find((s) => s.slug === draft.service);
  return (
    <>
      <label>
        Search services
        <input
          type="search"
          value={query}
          placeholder="For example: leaking pipe, roof, fence"
          autoComplete="off"
          aria-describedby="quote-service-count"
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter with one service left chooses it (and waits for Continue, as a key does).
            if (e.key === 'Enter' && shown.length === 1 && shown[0]!.slug !== draft.service) {
              e.preventDefault();
              choose({ service: shown[0]!.slug });
            }
          }}
        />
      </label>
      <p id="quote-service-count" className="muted hint" aria-live="polite">
        {searching
          ? shown.length === 0
            ? `No service matches "${query.trim()}". Try another word, or choose Handyman Services for small jobs.`
            : `${plural(shown.length, 'service')} ${shown.length === 1 ? 'matches' : 'match'}.`
          : ''}
      </p>
      {!searching && popular.length > 0 && (
        <div role="group" aria-labelledby="quote-popular-services" className="popular-services">
          <p id="quote-popular-services" className="choices-title">
            Popular
          </p>
          <div className="choices compact">
            {popular.map((s) => (
              <button
                key={s.slug}
                type="button"
                className={`choice${draft.service === s.slug ? ' chosen' : ''}`}
                aria-pressed={draft.service === s.slug}
                onClick={() => choose({ service: s.slug })}
              >
                {s.name}
              </button>
            ))}
          </div>
        </div>
      )}
      <fieldset aria-describedby={messageId('service', errors.service)}>
        <legend className="choices-title">{searching ? 'Matching services' : 'All services, A-Z'}</legend>
        <div className="choices compact">
          {shown.map((s) => (
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
      </fieldset>
      {chosen && (
        <p className="muted hint">
          Chosen: <strong>{chosen.name}</strong>
        </p>
      )}
      <FieldMessage id="quote-service-error" text={errors.service} />
    </>
  );
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

/** What the chosen service typically costs, as its page says, and what that means for a job. */
function typicalText(service: ServiceChoice): string | null {
  const price = service.price;
  const job = price ? typicalJob(price) : null;
  if (!price || !job) return null;
  const range = `${formatPriceRange(price.priceMinCents, price.priceMaxCents)} per ${price.priceUnit}`;
  if ((JOB_UNITS as readonly string[]).includes(price.priceUnit))
    return `${service.name} in the Dayton area typically costs ${range}.`;
  const size = `${price.typicalUnits!.toLocaleString('en-US')} ${price.priceUnit === 'hour' ? 'hours' : price.priceUnit.replace('foot', 'feet')}`;
  return `${service.name} in the Dayton area typically costs ${range}: about ${formatBudget(job.min, job.max)} for a typical job of ${size}.`;
}

export function BudgetStep({
  draft,
  errors,
  set,
  choose,
  service,
}: StepProps & { service?: ServiceChoice | undefined }) {
  const presets = budgetPresets(service?.price);
  const typical = service ? typicalText(service) : null;
  const notSure = draft.budgetMin.trim() === '0' && draft.budgetMax.trim() === '0';
  return (
    <>
      {typical && <p className="muted hint">{typical}</p>}
      <fieldset>
        <legend>Budget range</legend>
        <div className="choices">
          {presets.map((b) => (
            <Choice
              key={`${b.min}-${b.max}`}
              name="budget"
              chosen={draft.budgetMin === String(b.min) && draft.budgetMax === String(b.max)}
              onChoose={() => choose({ budgetMin: String(b.min), budgetMax: String(b.max) })}
            >
              {formatBudget(b.min, b.max)}
            </Choice>
          ))}
          <Choice
            name="budget"
            chosen={notSure}
            onChoose={() =>
              choose({ budgetMin: String(BUDGET_NOT_SURE.min), budgetMax: String(BUDGET_NOT_SURE.max) })
            }
          >
            {BUDGET_NOT_SURE_LABEL}
          </Choice>
        </div>
      </fieldset>
      <p className="muted hint">
        {notSure
          ? 'Not sure: the contractors will price the job with you. Or type your own range:'
          : 'Or type your own range:'}
      </p>
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
