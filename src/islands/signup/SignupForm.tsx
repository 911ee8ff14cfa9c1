// The registration form's fields (spec: registration, its validation and defaults). Controlled
// by ContractorSignup, which keeps the draft, so nothing typed is lost when a check fails.
import {
  ADDRESS_LIMITS,
  BUSINESS_NAME_LIMITS,
  OWNER_NAME_LIMITS,
  PRICE_RANGES,
  RESPONSE_TIME_OPTIONS,
  ZIP_LIST_MAX,
} from '../../schemas/contractor-signup.ts';
import { WEBSITE_MAX } from '../../schemas/business.ts';
import { EMAIL_MAX, PASSWORD_MAX } from '../../schemas/auth.ts';
import { PasswordRules } from '../shared/fields.tsx';
import { PasswordStrength, usePasswordStrength } from '../shared/password-strength.tsx';
import type { FieldErrors, SignupDraft } from './draft.ts';
import { Input, Select } from './parts.tsx';
import ServicePicker from './ServicePicker.tsx';
import type { CatalogService } from './types.ts';

interface Props {
  draft: SignupDraft;
  errors: FieldErrors;
  services: readonly CatalogService[];
  onChange: (patch: Partial<SignupDraft>) => void;
}

const RESPONSE_OPTIONS = RESPONSE_TIME_OPTIONS.map((h) => ({
  value: h,
  label: h === 1 ? 'Within 1 hour' : `Within ${h} hours`,
}));
const PRICE_OPTIONS = PRICE_RANGES.map((p) => ({ value: p, label: p }));

export default function SignupForm({ draft, errors, services, onChange }: Props) {
  const strength = usePasswordStrength({
    password: draft.password,
    email: draft.email,
    name: draft.ownerName,
  });
  return (
    <>
      <fieldset>
        <legend>Your business</legend>
        <Input
          label="Business name"
          field="businessName"
          autoComplete="organization"
          maxLength={BUSINESS_NAME_LIMITS.max}
          value={draft.businessName}
          error={errors.businessName}
          onValue={(businessName) => onChange({ businessName })}
        />
        <Input
          label="Business address"
          field="address"
          autoComplete="street-address"
          maxLength={ADDRESS_LIMITS.max}
          value={draft.address}
          error={errors.address}
          onValue={(address) => onChange({ address })}
        />
        <div className="row signup-place">
          <div>
            <Input
              label="City"
              field="city"
              autoComplete="address-level2"
              maxLength={100}
              value={draft.city}
              error={errors.city}
              onValue={(city) => onChange({ city })}
            />
          </div>
          <div>
            <Input
              label="State"
              field="state"
              autoComplete="address-level1"
              maxLength={2}
              value={draft.state}
              error={errors.state}
              onValue={(state) => onChange({ state })}
            />
          </div>
          <div>
            <Input
              label="ZIP code"
              field="zipCode"
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={5}
              value={draft.zipCode}
              error={errors.zipCode}
              onValue={(zipCode) => onChange({ zipCode })}
            />
          </div>
        </div>
        <Input
          label="Website (optional)"
          field="website"
          type="url"
          autoComplete="url"
          maxLength={WEBSITE_MAX}
          placeholder="https://"
          value={draft.website}
          error={errors.website}
          onValue={(website) => onChange({ website })}
        />
        <ServicePicker
          services={services}
          chosen={draft.services}
          error={errors.services}
          onChange={(chosen) => onChange({ services: chosen })}
        />
        <Input
          label="Service ZIP codes"
          field="serviceZipCodes"
          inputMode="numeric"
          maxLength={ZIP_LIST_MAX}
          help="Comma separated, e.g. 45402, 45409"
          value={draft.serviceZipCodes}
          error={errors.serviceZipCodes}
          onValue={(serviceZipCodes) => onChange({ serviceZipCodes })}
        />
        <div className="row">
          <div>
            <Select
              label="Response time"
              field="responseTimeHours"
              value={draft.responseTimeHours}
              options={RESPONSE_OPTIONS}
              error={errors.responseTimeHours}
              onValue={(responseTimeHours) => onChange({ responseTimeHours })}
            />
          </div>
          <div>
            <Select
              label="Price range"
              field="priceRange"
              value={draft.priceRange}
              options={PRICE_OPTIONS}
              error={errors.priceRange}
              onValue={(priceRange) => onChange({ priceRange })}
            />
          </div>
        </div>
      </fieldset>
      <fieldset>
        <legend>You and your account</legend>
        <Input
          label="Owner name"
          field="ownerName"
          autoComplete="name"
          maxLength={OWNER_NAME_LIMITS.max}
          value={draft.ownerName}
          error={errors.ownerName}
          onValue={(ownerName) => onChange({ ownerName })}
        />
        <Input
          label="Email"
          field="email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          value={draft.email}
          error={errors.email}
          onValue={(email) => onChange({ email })}
        />
        <Input
          label="Phone"
          field="phone"
          type="tel"
          autoComplete="tel"
          maxLength={20}
          value={draft.phone}
          error={errors.phone}
          onValue={(phone) => onChange({ phone })}
        />
        <Input
          label="Password"
          field="password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={draft.password}
          error={errors.password}
          onValue={(password) => onChange({ password })}
        />
        <PasswordRules password={draft.password} label="Password requirements" />
        <PasswordStrength id="signup-password-strength" message={errors.password ? null : strength} />
      </fieldset>
    </>
  );
}
