// The dashboard's Profile tab: the business's public profile fields, saved through
// PUT /api/contractor/profile (checked first here with the same schema), and its photos through
// /api/contractor/photos. The form keeps everything typed whatever goes wrong; each field shows
// its own message. A saved change is public after the next publish, and the tab says so.
import { useEffect, useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import {
  PRICE_RANGES,
  PROFILE_DESCRIPTION_MAX,
  PROFILE_MESSAGES as M,
  RESPONSE_TIME_OPTIONS,
  TAGLINE_MAX,
  WEEKDAYS,
  type Weekday,
} from '../../domain/profile-rules.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHONE_LIMITS, PHOTO_TYPES } from '../../domain/quote-rules.ts';
import { WEBSITE_MAX } from '../../domain/website.ts';
import {
  profileFieldErrors,
  ZBusinessProfile,
  type BusinessProfileData,
  type TDayHours,
} from '../../schemas/business.ts';
import { pushError, pushToast } from '../../stores/toasts.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { bodyOf, formOf, messageFor, type ProfileForm } from './profile-types.ts';
import type { DashboardBusiness } from './types.ts';
import '../../styles/dashboard-parts.css';

const DAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** A labelled control with its message (error, else help) tied to it for screen readers. */
function Field(props: {
  label: string;
  error: string | null;
  help?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: true | undefined }) => ReactNode;
}) {
  const id = useId();
  const message = props.error ?? props.help;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children({
        id,
        describedBy: message ? `${id}-message` : undefined,
        invalid: props.error ? true : undefined,
      })}
      {message && (
        <p id={`${id}-message`} className={props.error ? 'error' : 'muted'}>
          {message}
        </p>
      )}
    </div>
  );
}

export function ProfileTab({ business }: { business: DashboardBusiness }) {
  const [profile, setProfile] = useState<BusinessProfileData | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const show = (answer: Awaited<ReturnType<typeof api<BusinessProfileData>>>) => {
    if (!answer.ok) {
      setLoadFailed(true);
      return;
    }
    setProfile(answer.body);
    setForm(formOf(answer.body));
  };
  const load = () => api<BusinessProfileData>('GET', '/api/contractor/profile');
  useEffect(() => {
    let live = true;
    void load().then((answer) => {
      if (live) show(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  const retry = async () => {
    setLoadFailed(false);
    show(await load());
  };

  if (loadFailed) {
    return (
      <section aria-labelledby="profile-h" className="dashboard-part">
        <h2 id="profile-h">Business Profile</h2>
        <p className="error" role="alert">
          {M.loadFailed}
        </p>
        <button type="button" className="btn secondary" onClick={() => void retry()}>
          Try again
        </button>
      </section>
    );
  }
  if (!profile || !form) {
    return (
      <section aria-labelledby="profile-h" className="dashboard-part" aria-busy="true">
        <h2 id="profile-h">Business Profile</h2>
        <p className="muted">Loading profile…</p>
      </section>
    );
  }

  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => {
    setForm({ ...form, [key]: value });
    setSaved(false);
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
    setProfile(answer.body.profile);
    setForm(formOf(answer.body.profile));
    setSaved(true);
    pushToast({ title: M.saved, description: M.publishNote });
  };

  return (
    <section aria-labelledby="profile-h" className="dashboard-part">
      <h2 id="profile-h">Business Profile</h2>
      <p className="muted">
        What homeowners see on <a href={`/contractor/${business.slug}`}>your public profile</a>.{' '}
        {M.publishNote}
      </p>
      {(saved || profile.unpublishedChanges > 0) && (
        <p className="notice" role="status">
          {saved ? `${M.saved}. ` : ''}
          {profile.unpublishedChanges > 0
            ? `${profile.unpublishedChanges} ${profile.unpublishedChanges === 1 ? 'change waits' : 'changes wait'} for the next publish.`
            : ''}
        </p>
      )}
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

        <fieldset className="hours">
          <legend>Business hours</legend>
          <table>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Opens</th>
                <th scope="col">Closes</th>
                <th scope="col">Closed</th>
              </tr>
            </thead>
            <tbody>
              {WEEKDAYS.map((day) => {
                const hours = form.businessHours[day];
                const dayError = error(`businessHours.${day}`);
                return (
                  <tr key={day}>
                    <th scope="row">{DAY_NAMES[day]}</th>
                    <td>
                      <input
                        type="time"
                        aria-label={`${DAY_NAMES[day]} opens`}
                        value={hours.open}
                        disabled={hours.closed}
                        aria-invalid={error(`businessHours.${day}.open`) ? true : undefined}
                        onChange={(e) => setDay(day, { open: e.currentTarget.value })}
                      />
                    </td>
                    <td>
                      <input
                        type="time"
                        aria-label={`${DAY_NAMES[day]} closes`}
                        value={hours.close}
                        disabled={hours.closed}
                        aria-invalid={error(`businessHours.${day}.close`) ? true : undefined}
                        onChange={(e) => setDay(day, { close: e.currentTarget.value })}
                      />
                      {dayError && <p className="error">{dayError}</p>}
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Closed on ${DAY_NAMES[day]}`}
                        checked={hours.closed}
                        onChange={(e) => setDay(day, { closed: e.currentTarget.checked })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </fieldset>

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
      <ProfilePhotos
        images={profile.images}
        businessName={business.name}
        onImages={(images) =>
          setProfile({ ...profile, images, unpublishedChanges: profile.unpublishedChanges + 1 })
        }
      />
    </section>
  );
}

/** The profile's photos: each with a Delete button, and an input that uploads up to 5 at once. */
function ProfilePhotos(props: {
  images: string[];
  businessName: string;
  onImages: (images: string[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const upload = async (files: File[]) => {
    if (files.length > MAX_PHOTOS) {
      pushError(M.uploadFailedTitle, M.tooMany);
      return;
    }
    setBusy(true);
    for (const file of files) {
      if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) {
        pushError(M.uploadFailedTitle, M.invalidType);
        continue;
      }
      if (file.size > MAX_PHOTO_BYTES) {
        pushError(M.uploadFailedTitle, M.tooLarge);
        continue;
      }
      const form = new FormData();
      form.set('file', file);
      try {
        const response = await fetch('/api/contractor/photos', {
          method: 'POST',
          body: form,
          credentials: 'same-origin',
        });
        const body = (await response.json().catch(() => ({}))) as { images?: string[]; error?: string };
        if (!response.ok || !body.images) {
          pushError(M.uploadFailedTitle, body.error && response.status < 500 ? body.error : M.uploadFailed);
          continue;
        }
        props.onImages(body.images);
      } catch {
        pushError(M.uploadFailedTitle, M.uploadFailed);
      }
    }
    setBusy(false);
    if (input.current) input.current.value = '';
  };

  const remove = async (url: string) => {
    setBusy(true);
    const answer = await api<{ images: string[] }>(
      'DELETE',
      `/api/contractor/photos?url=${encodeURIComponent(url)}`,
    );
    setBusy(false);
    if (!answer.ok) {
      pushError(M.deleteFailed, answer.body.error);
      return;
    }
    props.onImages(answer.body.images);
  };

  return (
    <section aria-labelledby="photos-h" className="profile-photos">
      <h3 id="photos-h">Photos</h3>
      {props.images.length === 0 ? (
        <p className="muted">No photos yet.</p>
      ) : (
        <ul className="photos">
          {props.images.map((url, i) => (
            <li key={url}>
              <img
                src={url}
                alt={`${props.businessName}: photo ${i + 1}`}
                width="160"
                height="120"
                loading="lazy"
              />
              <button
                type="button"
                className="btn secondary"
                disabled={busy}
                onClick={() => void remove(url)}
              >
                Delete photo {i + 1}
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={inputId}>Add photos</label>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        multiple
        disabled={busy}
        aria-describedby={`${inputId}-help`}
        onChange={(e) => void upload([...(e.currentTarget.files ?? [])])}
      />
      <p id={`${inputId}-help`} className="muted">
        JPEG, PNG or WebP, up to 10 MB each, {MAX_PHOTOS} at a time.
      </p>
    </section>
  );
}
