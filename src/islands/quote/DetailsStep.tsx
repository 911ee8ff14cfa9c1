// Step 2: the project description with its counter, and photos uploaded as they are chosen (so a
// reload keeps them), each removable.
import { useState } from 'react';
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
import type { StepProps } from './steps.tsx';
import { uploadPhoto } from './upload-photo.ts';

/** As the photo field's label says it. */
const MAX_MB = MAX_PHOTO_BYTES / 1024 / 1024;
const [INVALID_TYPE_TITLE = '', INVALID_TYPE_TEXT = ''] = PHOTO_MESSAGES.invalidType.split(': ');

export default function DetailsStep({
  draft,
  errors,
  set,
  requestKey,
  onPhotos,
}: StepProps & { requestKey: string; onPhotos: (change: (photos: string[]) => string[]) => void }) {
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);

  const addPhotos = async (files: File[]) => {
    let count = draft.photos.length;
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
      const result = await uploadPhoto(file, requestKey, (percent) =>
        setUploading({ name: file.name, percent }),
      );
      setUploading(null);
      if (result.ok && result.url) {
        const url = result.url;
        count += 1;
        onPhotos((photos) => [...photos, url]);
      } else {
        pushToast({
          title: 'Upload failed',
          description: result.error ?? PHOTO_MESSAGES.uploadFailed,
          variant: 'destructive',
        });
      }
    }
  };

  const removePhoto = async (url: string) => {
    const answer = await api(
      'DELETE',
      `/api/uploads?requestKey=${encodeURIComponent(requestKey)}&url=${encodeURIComponent(url)}`,
    );
    // Already gone on the server (404) is what removing wanted.
    if (answer.ok || answer.status === 404) onPhotos((photos) => photos.filter((p) => p !== url));
    else pushToast({ title: PHOTO_MESSAGES.deleteFailed, variant: 'destructive' });
  };

  return (
    <>
      <label>
        Project description
        <textarea
          rows={6}
          maxLength={DESCRIPTION_MAX}
          value={draft.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={['quote-description-count', messageId('description', errors.description)]
            .filter(Boolean)
            .join(' ')}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
      </label>
      <p id="quote-description-count" className="muted counter">
        {draft.description.length}/{DESCRIPTION_MAX}
      </p>
      <FieldMessage id="quote-description-error" text={errors.description} />
      <label>
        Photos (optional, up to {MAX_PHOTOS}; JPEG, PNG or WebP, {MAX_MB} MB each)
        <input
          type="file"
          accept={PHOTO_TYPES.join(',')}
          multiple
          disabled={draft.photos.length >= MAX_PHOTOS || uploading !== null}
          onChange={(e) => {
            const input = e.currentTarget;
            void addPhotos(Array.from(input.files ?? [])).then(() => (input.value = ''));
          }}
        />
      </label>
      {uploading && (
        <p role="status">
          Uploading {uploading.name}…{' '}
          <progress max={100} value={uploading.percent} aria-label={`Uploading ${uploading.name}`} />
        </p>
      )}
      {draft.photos.length > 0 && (
        <ul className="photos">
          {draft.photos.map((url, i) => (
            <li key={url}>
              <img src={url} alt={`Project photo ${i + 1}`} width={96} height={96} loading="lazy" />
              <button type="button" className="link" onClick={() => void removePhoto(url)}>
                Remove photo {i + 1}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldMessage id="quote-photos-error" text={errors.photos} />
    </>
  );
}
