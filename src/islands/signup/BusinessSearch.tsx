// Find your business: our unclaimed listings (choosing one makes the registration a claim that
// an admin confirms) and, when configured, Google places (choosing one fills the form from its
// details). A failed search says so in the spec's words; the form below stays usable.
import { useState, type SyntheticEvent } from 'react';
import {
  SEARCH_MAX,
  SEARCH_MIN,
  SIGNUP_MESSAGES,
  type PlacePrefill,
  type SignupSearchHit,
} from '../../schemas/contractor-signup.ts';
import { read } from '../shared/read.ts';
import { ErrorAlert } from '../shared/notices.tsx';

type Listing = Extract<SignupSearchHit, { source: 'listing' }>;

interface Props {
  onListing: (listing: Listing) => void;
  onPlace: (place: PlacePrefill) => void;
}

export default function BusinessSearch({ onListing, onPlace }: Props) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SignupSearchHit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async (event: SyntheticEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q.length < SEARCH_MIN) return;
    setBusy(true);
    const answer = await read<{ results: SignupSearchHit[] }>(
      `/api/contractor-signup/search?q=${encodeURIComponent(q)}`,
    ).catch(() => null);
    setBusy(false);
    if (!answer || !Array.isArray(answer.results)) {
      setResults(null);
      setError(SIGNUP_MESSAGES.searchError);
      return;
    }
    setError(null);
    setResults(answer.results);
  };

  const choosePlace = async (placeId: string) => {
    setBusy(true);
    const answer = await read<{ place: PlacePrefill }>(
      `/api/contractor-signup/place?placeId=${encodeURIComponent(placeId)}`,
    ).catch(() => null);
    setBusy(false);
    if (!answer) {
      setError(SIGNUP_MESSAGES.searchError);
      return;
    }
    setError(null);
    onPlace(answer.place);
  };

  return (
    <section className="card signup-search" aria-labelledby="signup-search-heading">
      <h2 id="signup-search-heading">Find your business</h2>
      <p className="muted">
        Already listed with us? Find your business to claim its listing, or start from its details.
      </p>
      <form role="search" onSubmit={(e) => void search(e)} className="signup-search-form">
        <label>
          Search for your business
          <input
            type="search"
            value={query}
            maxLength={SEARCH_MAX}
            minLength={SEARCH_MIN}
            onChange={(e) => setQuery(e.currentTarget.value)}
          />
        </label>
        <button type="submit" className="btn secondary" disabled={busy}>
          Search
        </button>
      </form>
      <ErrorAlert>{error}</ErrorAlert>
      {results && (
        <div aria-live="polite">
          {results.length === 0 ? (
            <p>No matching businesses found. You can register manually below.</p>
          ) : (
            <ul className="signup-results">
              {results.map((hit) =>
                hit.source === 'listing' ? (
                  <li key={hit.id}>
                    <span>
                      <strong>{hit.name}</strong>
                      <span className="muted">
                        {' '}
                        {[hit.address, hit.city, hit.state].filter(Boolean).join(', ')} · listed here
                      </span>
                    </span>
                    <button type="button" className="btn secondary" onClick={() => onListing(hit)}>
                      Claim {hit.name}
                    </button>
                  </li>
                ) : (
                  <li key={hit.placeId}>
                    <span>
                      <strong>{hit.name}</strong>
                      <span className="muted"> {hit.address ?? ''} · from Google</span>
                    </span>
                    <button
                      type="button"
                      className="btn secondary"
                      disabled={busy}
                      onClick={() => void choosePlace(hit.placeId)}
                    >
                      Use {hit.name}
                    </button>
                  </li>
                ),
              )}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
