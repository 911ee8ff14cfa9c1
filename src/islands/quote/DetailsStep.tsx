// Step 2: the project description with its counter, and photos uploaded as they are chosen (so a
// reload keeps them), each removable; the one on its way up shows its progress and can be stopped.
import { useEffect, useRef, useState } from 'react';
import {
  DESCRIPTION_MAX,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  PHOTO_MESSAGES,
  PHOTO_TYPES,
} from '../../domain/quote-rules.ts';
import { pushToast } from '../../stores/toasts.ts';
import { api } from '../shared/api.ts';
import { FieldMessage, messageId } from './parts.tsx';
import type { StepProps } from './step-types.ts';
import { uploadPhoto } from './upload-photo.ts';

/** As the photo field's label says it. */
const MAX_MB = MAX_PHOTO_BYTES / 1024 / 1024;
const [INVALID_TYPE_TITLE = '', INVALID_TYPE_TEXT = ''] = PHOTO_MESSAGES.invalidType.split(': ');

/** Shown under the description: what a useful one says. */
const DESCRIPTION_EXAMPLE =
  'For example: "The water heater in the basement leaks at the bottom. It is about 12 years old, 40 gallons, gas. Weekday mornings suit me."';

export default function DetailsStep({
  draft,
  errors,
  set,
  requestKey,
  onPhotos,
}: StepProps & { requestKey: string; onPhotos: (change: (photos: string[]) => string[]) => void }) {
  /** The photo on its way up: its name and how far it got. */
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  /** Stops the photos being uploaded (the Cancel button on the one on its way up). */
  const stopper = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  /** Set when the visitor stopped an upload: the photo field takes the focus back once enabled. */
  const refocus = useRef(false);
  /**
   * The uploads (by their choice's stopper) the visitor cancelled once all their bytes had gone
   * up, in one try or another: the server may store such a photo anyway, so its answer is awaited
   * (not aborted) and the photo deleted again; left there, it would hold one of the request's
   * places until the sweep two days later. Until then it counts against the five (settling).
   */
  const discarded = useRef(new Set<AbortController>());
  const [settling, setSettling] = useState(0);
  /** Whether the photo on its way up has had all its bytes sent, in any try. */
  const wentUp = useRef(false);
  useEffect(() => {
    if (uploading === null && refocus.current) {
      refocus.current = false;
      input.current?.focus();
    }
  }, [uploading]);

  const addPhotos = async (files: File[]) => {
    let count = draft.photos.length + settling;
    const stop = new AbortController();
    stopper.current = stop;
    for (const file of files) {
      if (count >= MAX_PHOTOS) {
        pushToast({ title: 'Upload failed', description: PHOTO_MESSAGES.tooMany, variant: 'destructive' });
        break;
      }
      if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) {
        pushToast({ title: INVALID_TYPE_TITLE, description: INVALID_TYPE_TEXT, variant: 'destructive' });
        continue;
      }
      if (file.size > MAX_PHOTO_BYTES) {
        pushToast({
          title: PHOTO_MESSAGES.tooLarge,
          description: `${file.name} is over ${MAX_MB} MB.`,
          variant: 'destructive',
        });
        continue;
      }
      setUploading({ name: file.name, percent: 0 });
      wentUp.current = false;
      const result = await uploadPhoto(file, requestKey, {
        // A discarded upload is off the screen: a photo chosen since may be showing its own.
        onProgress: (percent) => {
          if (discarded.current.has(stop)) return;
          if (percent >= 100) wentUp.current = true;
          setUploading({ name: file.name, percent });
        },
        signal: stop.signal,
      });
      if (discarded.current.has(stop)) {
        discarded.current.delete(stop);
        const stored = result.ok ? result.body.url : undefined;
        if (stored) await deletePhoto(stored);
        setSettling((n) => n - 1);
        break;
      }
      setUploading(null);
      if (stop.signal.aborted) {
        // Stopped by the visitor: the rest of this choice is not sent either; they may choose again.
        refocus.current = true;
        break;
      }
      // A success names the stored photo; an answer without it (a proxy's) is an error.
      const url = result.ok ? result.body.url : undefined;
      if (url) {
        count += 1;
        onPhotos((photos) => [...photos, url]);
      } else {
        pushToast({
          title: 'Upload failed',
          description: result.body.error ?? PHOTO_MESSAGES.uploadFailed,
          variant: 'destructive',
        });
      }
    }
    if (stopper.current === stop) stopper.current = null;
  };

  const deletePhoto = (url: string) =>
    api('DELETE', `/api/uploads?requestKey=${encodeURIComponent(requestKey)}&url=${encodeURIComponent(url)}`);

  /** Cancel on the photo on its way up: stopped while it goes; once all of it has gone, discarded. */
  const cancelUpload = () => {
    const stop = stopper.current;
    if (!stop) return;
    if (wentUp.current) {
      discarded.current.add(stop);
      setSettling((n) => n + 1);
      refocus.current = true;
      setUploading(null);
    } else stop.abort();
  };

  const removePhoto = async (url: string) => {
    setRemoving(url);
    const answer = await deletePhoto(url);
    setRemoving(null);
    // Already gone on the server (404) is what removing wanted.
    if (answer.ok || answer.status === 404) onPhotos((photos) => photos.filter((p) => p !== url));
    else pushToast({ title: PHOTO_MESSAGES.deleteFailed, variant: 'destructive' });
  };

  const full = draft.photos.length >= MAX_PHOTOS;
  /** No place for another photo: the five taken, a cancelled one the server may still hold included. */
  const noRoom = draft.photos.length + settling >= MAX_PHOTOS;
  return (
    <>
      <label>
        Project description
        <textarea
          rows={6}
          maxLength={DESCRIPTION_MAX}
          value={draft.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={[
            'quote-description-example',
            'quote-description-count',
            messageId('description', errors.description),
          ]
            .filter(Boolean)
            .join(' ')}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
      </label>
      <p id="quote-description-example" className="muted hint">
        {DESCRIPTION_EXAMPLE}
      </p>
      <p id="quote-description-count" className="muted counter">
        {draft.description.length}/{DESCRIPTION_MAX}
      </p>
      <FieldMessage id="quote-description-error" text={errors.description} />
      <div className="photo-picker">
        <label className={`photo-add${noRoom || uploading ? ' disabled' : ''}`}>
          <span className="photo-add-title">Photos</span>{' '}
          <span className="muted">
            (optional, up to {MAX_PHOTOS}; JPEG, PNG or WebP, {MAX_MB} MB each)
          </span>
          <span className="btn secondary" aria-hidden="true">
            {full
              ? `${MAX_PHOTOS} of ${MAX_PHOTOS} photos added`
              : draft.photos.length
                ? 'Add more photos'
                : 'Add photos'}
          </span>
          <input
            ref={input}
            type="file"
            className="visually-hidden"
            accept={PHOTO_TYPES.join(',')}
            multiple
            disabled={noRoom || uploading !== null}
            onChange={(e) => {
              const input = e.currentTarget;
              void addPhotos(Array.from(input.files ?? [])).then(() => (input.value = ''));
            }}
          />
        </label>
        {(draft.photos.length > 0 || uploading) && (
          <ul className="photos" aria-label="Your photos">
            {draft.photos.map((url, i) => (
              <li key={url}>
                <img src={url} alt={`Project photo ${i + 1}`} width={96} height={96} loading="lazy" />
                <button
                  type="button"
                  className="photo-remove"
                  disabled={removing === url}
                  onClick={() => void removePhoto(url)}
                >
                  {removing === url ? (
                    'Removing…'
                  ) : (
                    <>
                      Remove<span className="visually-hidden"> photo {i + 1}</span>
                    </>
                  )}
                </button>
              </li>
            ))}
            {uploading && (
              <li className="photo-uploading">
                <span className="photo-placeholder" aria-hidden="true">
                  {uploading.percent}%
                </span>
                <progress max={100} value={uploading.percent} aria-label={`Uploading ${uploading.name}`} />
                <button type="button" className="photo-remove" onClick={cancelUpload}>
                  Cancel<span className="visually-hidden"> uploading {uploading.name}</span>
                </button>
              </li>
            )}
          </ul>
        )}
        <p className="muted hint" role="status">
          {uploading
            ? `Uploading ${uploading.name}… ${uploading.percent}%`
            : draft.photos.length
              ? `${draft.photos.length} of ${MAX_PHOTOS} photos added.`
              : ''}
        </p>
      </div>
      <FieldMessage id="quote-photos-error" text={errors.photos} />
    </>
  );
}
