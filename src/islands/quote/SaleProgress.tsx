// Between the code and the contractors: the request is stored and its sale runs on the server (a
// job: three card charges take a gateway's round trips), so the wizard says so and names the pros
// as they are charged, until the cards can be shown. If it takes unusually long, the homeowner is
// told the mail will name them: nothing is lost by leaving.
import { useEffect, useRef } from 'react';

export interface SaleProgressInfo {
  /** The contractors charged so far. */
  contractors: string[];
  /** Still under way after the wizard stopped asking. */
  late: boolean;
}

export default function SaleProgress({ contractors, late }: SaleProgressInfo) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const n = contractors.length;
  return (
    <section className="card wizard-step" aria-labelledby="sale-progress-heading">
      <h2 id="sale-progress-heading" ref={heading} tabIndex={-1}>
        Sending your request to pros
      </h2>
      {/* One polite live region (not a second role=status on the page), with what changes in it. */}
      <div aria-live="polite">
        <p>
          {n === 0
            ? 'Your phone is confirmed. We are matching your request with the best local pros now.'
            : `Sent to ${n} ${n === 1 ? 'pro' : 'pros'} so far: ${contractors.join(', ')}.`}
        </p>
        {late && (
          <p>
            This is taking longer than usual. You can leave this page: we will e-mail you the contractors it
            went to.
          </p>
        )}
      </div>
    </section>
  );
}
