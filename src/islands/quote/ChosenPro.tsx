// The wizard's note on a request asked from a contractor's profile (issue 25): who is asked, what
// happens when that contractor cannot take it, and a way to ask any matching pros instead. Said
// on every step, so the homeowner knows before Submit where the request goes.
import {
  ASK_ANY_PROS,
  askingFallback,
  askingNote,
  notOfferedNote,
  type QuoteTarget,
} from '../../domain/chosen-pro.ts';

interface Props {
  target: QuoteTarget;
  /** The service chosen so far (slug and name), if any. */
  service: { slug: string; name: string } | null;
  onDrop: () => void;
}

export default function ChosenPro({ target, service, onDrop }: Props) {
  const offered = !service || target.services.includes(service.slug);
  return (
    <section className="card wizard-chosen" aria-label="Who is asked">
      {offered ? (
        <>
          <p>
            <strong>{askingNote(target.name)}</strong>
          </p>
          <p className="muted">{askingFallback(target.name)}</p>
        </>
      ) : (
        <p>
          <strong>{notOfferedNote(target.name, service.name)}</strong>
        </p>
      )}
      <button type="button" className="link" onClick={onDrop}>
        {ASK_ANY_PROS}
      </button>
    </section>
  );
}
