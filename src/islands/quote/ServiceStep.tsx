// Step 1: the service, found by search (name, category, what people type for it), tapped among the
// popular ones or chosen from the one A-Z list.
import { useMemo, useState } from 'react';
import { plural } from '../../domain/format.ts';
import { Choice, FieldMessage, messageId } from './parts.tsx';
import type { ServiceChoice, StepProps } from './step-types.ts';

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
