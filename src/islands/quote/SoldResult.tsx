// The end of a request is people (issue 25, Must 4): once the phone is proven and the request
// sold, the wizard shows the contractors it went to as cards (photo, rating and review count or
// "New", licence and insurance as checked, the reply time they state, Call and Message), the reply
// promise, and the way to the request's own page (its quotes and messages). The same cards are in
// the confirmation mail. Replaces the spec's "toast, then home" (docs/decisions.md, issue 25).
import { useEffect, useRef } from 'react';
import { formatPhone, phoneHref } from '../../domain/format.ts';
import type { ContractorCard } from '../../schemas/inbox.ts';

export interface SoldInfo {
  contractors: ContractorCard[];
  inboxUrl: string | null;
  promise: string;
  signedIn: boolean;
}

export default function SoldResult({ contractors, inboxUrl, promise, signedIn }: SoldInfo) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const n = contractors.length;
  return (
    <section className="card wizard-step sold" aria-labelledby="sold-heading">
      <h2 id="sold-heading" ref={heading} tabIndex={-1}>
        {n === 1 ? 'Your request went to 1 contractor' : `Your request went to ${n} contractors`}
      </h2>
      <p>
        Expect a reply {promise}. They may call, text or e-mail you; you can also call or message them now. We
        e-mailed you these details.
      </p>
      <ul className="pro-cards">
        {contractors.map((c) => (
          <li key={c.businessId} className="pro-card">
            {c.photo ? (
              <img src={c.photo} alt="" width={96} height={72} loading="lazy" decoding="async" />
            ) : (
              <span className="pro-photo-none" aria-hidden="true">
                {c.name.slice(0, 1)}
              </span>
            )}
            <div className="pro-body">
              <h3>{c.slug ? <a href={`/contractor/${c.slug}`}>{c.name}</a> : c.name}</h3>
              <p>
                {c.rating ? (
                  <>
                    <span aria-hidden="true">★</span> <span className="visually-hidden">Rated</span>{' '}
                    {c.ratingText}
                  </>
                ) : (
                  <span className="badge">New</span>
                )}
              </p>
              <ul className="pro-checks">
                <li className={c.licenceChecked ? 'ok' : undefined}>{c.licence}</li>
                <li className={c.insuranceChecked ? 'ok' : undefined}>{c.insurance}</li>
                <li>{c.responds}</li>
              </ul>
              <p className="pro-actions">
                {c.phone && (
                  <a
                    className="btn"
                    href={phoneHref(c.phone)}
                    aria-label={`Call ${c.name} at ${formatPhone(c.phone)}`}
                  >
                    Call
                  </a>
                )}
                {inboxUrl && (
                  <a
                    className="btn secondary"
                    href={`${inboxUrl}#thread-${c.businessId}`}
                    aria-label={`Message ${c.name}`}
                  >
                    Message
                  </a>
                )}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <p className="sold-next">
        {inboxUrl && (
          <a className="btn" href={inboxUrl}>
            See your request
          </a>
        )}
        {signedIn ? (
          <a className="btn secondary" href="/profile/requests">
            My requests
          </a>
        ) : (
          <a className="btn secondary" href="/">
            Back to Home
          </a>
        )}
      </p>
    </section>
  );
}
