// After registering: what happens next, in order (confirm the e-mail, admin review, payment setup);
// for a claim, the form that proves the listing is the claimant's by a code, there and then. It
// opens in view: the form it replaces was taller, so the page would otherwise stay scrolled to
// where the Register button was (the footer); its heading is scrolled to and takes the focus.
import { useEffect, useRef } from 'react';
import { formatMoney } from '../../domain/money.ts';
import { LEAD_PRICE_CENTS } from '../../domain/quote-rules.ts';
import type { SignupResult } from '../../schemas/contractor-signup.ts';
import { ClaimProofForm } from '../claims/ClaimProof.tsx';

export default function SignupDone({ result }: { result: SignupResult }) {
  const claim = result.kind === 'claim';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className="card signup-done" aria-labelledby="signup-done-heading">
      <h2 id="signup-done-heading" tabIndex={-1} ref={heading}>
        {claim ? 'Claim received' : 'Registration received'}
      </h2>
      <p>
        Thank you! {claim ? `Your request to claim ${result.businessName}` : result.businessName} is
        registered. Here is what happens next:
      </p>
      <ol className="signup-next">
        <li>
          <strong>Confirm your e-mail.</strong> We sent a link to {result.email}. Open it to confirm your
          address; you can sign in once it is confirmed.
        </li>
        <li>
          <strong>Admin review.</strong>{' '}
          {claim
            ? 'Our team checks that the listing is yours before it is handed over to your account. Nobody else can take it over meanwhile. Prove it below to speed this up; you can also do it later from your dashboard.'
            : 'Our team checks your business before it appears in search. It stays pending until it is approved.'}
        </li>
        <li>
          <strong>Payment setup.</strong> Once approved, sign in and add a card in your dashboard&apos;s
          Payments tab: each lead you receive costs {formatMoney(LEAD_PRICE_CENTS, { wholeDollars: true })},
          charged to that card.
        </li>
      </ol>
      {claim && result.claimProof && <ClaimProofForm initial={result.claimProof} level={3} />}
      <p>
        <a href="/auth">Sign in</a> · <a href="/">Back to Home</a>
      </p>
    </section>
  );
}
