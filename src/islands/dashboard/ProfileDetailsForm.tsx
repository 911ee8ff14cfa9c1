// The Profile tab's details form: the business's public profile fields, checked here with the
// same schema as PUT /api/contractor/profile before they are sent. The form keeps everything
// typed whatever goes wrong; each field shows its own message.
import { useState, type SyntheticEvent } from 'react';
import {
  PRICE_RANGES,
  PROFILE_DESCRIPTION_MAX,
  PROFILE_MESSAGES as M,
  RESPONSE_TIME_OPTIONS,
  TAGLINE_MAX,
  type Weekday,
} from '../../domain/profile-rules.ts';
import { PHONE_LIMITS } from '../../domain/quote-rules.ts';
import { WEBSITE_MAX } from '../../domain/website.ts';
import {
  profileFieldErrors,
  ZBusinessProfile,
  type BusinessProfileData,
  type TDayHours,
} from '../../schemas/business.ts';
import { pushError, pushToast } from '../../stores/toasts.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import Field from './Field.tsx';
import HoursFieldset from './HoursFieldset.tsx';
import { bodyOf, formOf, messageFor, type ProfileForm } from './profile-types.ts';

export default function ProfileDetailsForm(props: {
  profile: BusinessProfileData;
  /** Typing after a save: the "saved" note goes. */
  onEdited: () => void;
  onSaved: (profile: BusinessProfileData) => void;
}) {
  const [form, setForm] = useState<ProfileForm>(() => formOf(props.profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => {
    setForm({ ...form, [key]: value });
    props.onEdited();
  };
  const setDay = (day: Weekday, change: Partial<TDayHours>) =>
    set('businessHours', { ...form.businessHours, [day]: { ...form.businessHours[day], ...change } });
  const error = (field: string) => messageFor(errors, field);

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    const body = bodyOf(form);
    const parsed = ZBusinessProfile.safeParse(body);
    if (!parsed.success) {
      setErrors(profileFieldErrors(parsed.error));
      pushError(M.saveFailed, 'Please correct the highlighted fields.');
      return;
    }
    setBusy(true);
    const answer = await api<{ changed: boolean; profile: BusinessProfileData }>(
      'PUT',
      '/api/contractor/profile',
      body,
    );
    setBusy(false);
    if (!answer.ok) {
      const fields = Object.fromEntries(
        Object.entries(answer.body.fields ?? {}).map(([k, v]) => [k, v[0] ?? UNEXPECTED]),
      );
      setErrors(fields);
      pushError(M.saveFailed, answer.body.error ?? UNEXPECTED);
      return;
    }
    setErrors({});
    setForm(formOf(answer.body.profile));
    props.onSaved(answer.body.profile);
    pushToast({ title: M.saved, description: M.publishNote });
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="profile-form">
      <Field label="Tagline" error={error('tagline')}>
        {(f) => (
          <input
            id={f.id}
            type="text"
            maxLength={TAGLINE_MAX}
            value={form.tagline}
            aria-invalid={f.invalid}
            aria-describedby={f.describedBy}
            onChange={(e) => set('tagline', e.currentTarget.value)}
          />
        )}
      </Field>
      <Field label="Description" error={error('description')}>
        {(f) => (
          <textarea
            id={f.id}
            rows={5}
            maxLength={PROFILE_DESCRIPTION_MAX}
            value={form.description}
            aria-invalid={f.invalid}
            aria-describedby={f.describedBy}
            onChange={(e) => set('description', e.currentTarget.value)}
          />
        )}
      </Field>
      <div className="row">
        <Field label="Phone" error={error('phone')}>
          {(f) => (
            <input
              id={f.id}
              type="tel"
              autoComplete="tel"
              maxLength={PHONE_LIMITS.max}
              value={form.phone}
              aria-invalid={f.invalid}
              aria-describedby={f.describedBy}
              onChange={(e) => set('phone', e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label="Website" error={error('website')} help="Starting with http:// or https://">
          {(f) => (
            <input
              id={f.id}
              type="url"
              autoComplete="url"
              maxLength={WEBSITE_MAX}
              value={form.website}
              aria-invalid={f.invalid}
              aria-describedby={f.describedBy}
              onChange={(e) => set('website', e.currentTarget.value)}
            />
          )}
        </Field>
      </div>

      <HoursFieldset hours={form.businessHours} error={error} onDay={setDay} />

      <Field
        label="Specialties"
        error={error('specialties')}
        help="Separate them with commas, e.g. Water Heaters, Drains"
      >
        {(f) => (
          <input
            id={f.id}
            type="text"
            maxLength={1400}
            value={form.specialties}
            aria-invalid={f.invalid}
            aria-describedby={f.describedBy}
            onChange={(e) => set('specialties', e.currentTarget.value)}
          />
        )}
      </Field>
      <Field
        label="Service ZIP codes"
        error={error('serviceZipCodes')}
        help="Comma separated, each in Montgomery, Greene or Warren county"
      >
        {(f) => (
          <input
            id={f.id}
            type="text"
            inputMode="numeric"
            maxLength={300}
            value={form.serviceZipCodes}
            aria-invalid={f.invalid}
            aria-describedby={f.describedBy}
            onChange={(e) => set('serviceZipCodes', e.currentTarget.value)}
          />
        )}
      </Field>
      <div className="row">
        <Field label="Response time" error={error('responseTimeHours')}>
          {(f) => (
            <select
              id={f.id}
              value={form.responseTimeHours}
              aria-invalid={f.invalid}
              aria-describedby={f.describedBy}
              onChange={(e) => set('responseTimeHours', e.currentTarget.value)}
            >
              {RESPONSE_TIME_OPTIONS.map((h) => (
                <option key={h} value={String(h)}>
                  Within {h} {h === 1 ? 'hour' : 'hours'}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Price range" error={error('priceRange')}>
          {(f) => (
            <select
              id={f.id}
              value={form.priceRange}
              aria-invalid={f.invalid}
              aria-describedby={f.describedBy}
              onChange={(e) => set('priceRange', e.currentTarget.value)}
            >
              {PRICE_RANGES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Saving…' : 'Save Profile'}
      </button>
    </form>
  );
}
