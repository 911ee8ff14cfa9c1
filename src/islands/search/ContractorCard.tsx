// One contractor of the search results: photo (or 'Image not available'), badges, rating,
// response time, experience, the typical project price and the first 3 specialties then '+N more'.
// A paid placement (the Sponsored box) says Sponsored; a result never does, whatever it pays.
import { SPONSORED_LABEL } from '../../domain/ranking.ts';
import { useState } from 'react';
import { displayName, formatPriceRange } from '../../domain/format.ts';
import { respondsInText } from '../../domain/reply-promise.ts';
import type { SearchHit } from '../../schemas/search.ts';

const SHOWN_SPECIALTIES = 3;

/**
 * `first`: one of the cards on the first screen, whose photo is the page's largest paint: loaded
 * at once (lazy loading would wait for layout) and the very first with high priority.
 */
export default function ContractorCard({
  hit,
  first = false,
  lead = false,
  sponsored = false,
}: {
  hit: SearchHit;
  first?: boolean;
  lead?: boolean;
  /** A paid placement, shown apart and labelled so; the ranked results never carry the label. */
  sponsored?: boolean;
}) {
  const [imageFailed, setImageFailed] = useState(false);
  const extra = hit.specialties.length - SHOWN_SPECIALTIES;
  // A result is a heading of the page; a paid placement sits under the Sponsored box's heading.
  const Title = sponsored ? 'h3' : 'h2';
  return (
    <article className="card contractor-card">
      {hit.image && !imageFailed ? (
        <img
          src={hit.image}
          alt={`${hit.name} project photo`}
          width={400}
          height={300}
          loading={first ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={lead ? 'high' : 'auto'}
          onError={() => setImageFailed(true)}
        />
      ) : (
        <div className="image-missing">Image not available</div>
      )}
      <div className="body">
        <p className="badges">
          {sponsored && <span className="badge featured">{SPONSORED_LABEL}</span>}
          {hit.verified && <span className="badge">Verified</span>}
        </p>
        <Title className="card-title">
          <a href={`/contractor/${hit.slug}`}>{hit.name}</a>
        </Title>
        <p className="muted">
          {hit.category} · {displayName(hit.city)}, {hit.state}
          {hit.distanceMiles !== null && ` · ${hit.distanceMiles.toFixed(1)} mi`}
        </p>
        <p className="stars">
          {hit.averageRating !== null && hit.totalReviews > 0
            ? `★ ${hit.averageRating.toFixed(1)} (${hit.totalReviews} ${hit.totalReviews === 1 ? 'review' : 'reviews'})`
            : 'No reviews yet'}
        </p>
        <p className="muted">
          {respondsInText(hit.responseTimeHours)}
          {hit.yearsInBusiness !== null && ` · ${hit.yearsInBusiness} years`}
        </p>
        {hit.projectCostMinCents !== null && hit.projectCostMaxCents !== null && (
          <p className="muted">
            Typical project {formatPriceRange(hit.projectCostMinCents, hit.projectCostMaxCents)}
          </p>
        )}
        {hit.specialties.length > 0 && (
          <ul className="tags" aria-label="Specialties">
            {hit.specialties.slice(0, SHOWN_SPECIALTIES).map((s) => (
              <li key={s}>{s}</li>
            ))}
            {extra > 0 && <li>+{extra} more</li>}
          </ul>
        )}
      </div>
    </article>
  );
}
