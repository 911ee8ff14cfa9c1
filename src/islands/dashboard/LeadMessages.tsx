// The lead's message thread with the homeowner (issue 25, Must 6), on a lead the business bought:
// oldest first, the homeowner named by first name and initial (never an e-mail address), photos
// shown small and linked; the form sends text and an optional photo (multipart), mailed to the
// homeowner. A refusal keeps what was typed and says why, on the field it is about.
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { formatDateTime } from '../../domain/format.ts';
import { MESSAGE_MAX, MESSAGE_MESSAGES } from '../../domain/inbox-rules.ts';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from '../../domain/quote-rules.ts';
import type { LeadMessage } from '../../schemas/dashboard.ts';
import { ZContractorMessage } from '../../schemas/inbox.ts';
import { pushToast } from '../../stores/toasts.ts';
import { UNEXPECTED, upload } from '../shared/api.ts';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export default function LeadMessages(props: {
  distributionId: string;
  messages: LeadMessage[];
  onSent: () => Promise<void>;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<{ field: 'body' | 'file'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const send = async (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = ZContractorMessage.safeParse({ body });
    const photo = file.current?.files?.[0] ?? null;
    if (!parsed.success) {
      setError({ field: 'body', message: parsed.error.issues[0]?.message ?? MESSAGE_MESSAGES.empty });
      document.getElementById(`${id}-body`)?.focus();
      return;
    }
    if (photo && !PHOTO_TYPES.includes(photo.type)) {
      setError({ field: 'file', message: PHOTO_MESSAGES.invalidType });
      return;
    }
    if (photo && photo.size > MAX_PHOTO_BYTES) {
      setError({ field: 'file', message: PHOTO_MESSAGES.tooLarge });
      return;
    }
    const form = new FormData();
    form.set('body', parsed.data.body);
    if (photo) form.set('file', photo);
    setBusy(true);
    // Through upload(): the same idempotency key if the network fails and it is sent again, so the
    // homeowner gets the message once.
    const answer = await upload(`/api/contractor/leads/${props.distributionId}/messages`, form);
    setBusy(false);
    if (!answer.ok) {
      const field = answer.status === 413 || answer.status === 415 ? 'file' : 'body';
      setError({ field, message: answer.body.error ?? UNEXPECTED });
      return;
    }
    setBody('');
    setError(null);
    if (file.current) file.current.value = '';
    pushToast({ title: MESSAGE_MESSAGES.sentToHomeowner });
    await props.onSent();
  };

  return (
    <section className="lead-messages" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Messages with the homeowner</h3>
      {props.messages.length === 0 ? (
        <p className="muted">
          No messages yet. Write here; we e-mail it to the homeowner without your address.
        </p>
      ) : (
        <ol className="message-list">
          {props.messages.map((m) => (
            <li key={m.id} className={m.author === 'contractor' ? 'mine' : 'theirs'}>
              <p className="meta">
                <strong>{m.authorName}</strong> ·{' '}
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </p>
              <p className="body">{m.body}</p>
              {m.photo && (
                <a href={m.photo}>
                  <img
                    src={m.photo}
                    alt={`Photo from ${m.authorName}`}
                    width={160}
                    height={120}
                    loading="lazy"
                  />
                </a>
              )}
            </li>
          ))}
        </ol>
      )}
      <form className="message-form" onSubmit={(e) => void send(e)} noValidate>
        <label htmlFor={`${id}-body`}>Message to the homeowner</label>
        <textarea
          id={`${id}-body`}
          rows={3}
          maxLength={MESSAGE_MAX}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            if (error?.field === 'body') setError(null);
          }}
          aria-invalid={error?.field === 'body' ? true : undefined}
          aria-describedby={error?.field === 'body' ? `${id}-error` : undefined}
        />
        <label htmlFor={`${id}-file`}>Add a photo (optional)</label>
        <input
          id={`${id}-file`}
          ref={file}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          aria-invalid={error?.field === 'file' ? true : undefined}
          aria-describedby={error?.field === 'file' ? `${id}-error` : undefined}
          onChange={() => error?.field === 'file' && setError(null)}
        />
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error.message}
          </p>
        )}
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Sending…' : 'Send message'}
        </button>
      </form>
    </section>
  );
}
