// The profile's photos: each with a Delete button, and an input that uploads up to 5 at once
// through /api/contractor/photos, one after another, each showing its progress.
import { useId, useRef, useState } from 'react';
import { PROFILE_MESSAGES as M } from '../../domain/profile-rules.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_TYPES } from '../../domain/quote-rules.ts';
import { pushError } from '../../stores/toasts.ts';
import { api, upload as uploadForm } from '../shared/api.ts';
import UploadProgress, { type UploadState } from '../shared/UploadProgress.tsx';

/** The profile's photos: each with a Delete button, and an input that uploads up to 5 at once. */
export default function ProfilePhotos(props: {
  images: string[];
  businessName: string;
  onImages: (images: string[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<UploadState | null>(null);
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
      setProgress({ name: file.name, percent: 0 });
      const answer = await uploadForm<{ images?: string[] }>('/api/contractor/photos', form, {
        onProgress: (percent) => setProgress({ name: file.name, percent }),
      });
      setProgress(null);
      if (!answer.ok || !answer.body.images) {
        const { error } = answer.body;
        pushError(M.uploadFailedTitle, error && answer.status < 500 ? error : M.uploadFailed);
        continue;
      }
      props.onImages(answer.body.images);
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
      <UploadProgress upload={progress} />
    </section>
  );
}
