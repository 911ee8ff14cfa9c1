// Step 5: where the project is (the address fills in the ZIP code) and the property type.
import { ADDRESS_LIMITS, PROPERTY_TYPES } from '../../domain/quote-rules.ts';
import type { QuoteDraft } from './draft.ts';
import { DraftInput, FieldMessage, messageId } from './parts.tsx';
import type { StepProps } from './step-types.ts';

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
