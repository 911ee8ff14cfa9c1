// Following a sale under way on the server (issue 28): asked every SALE_POLL_MS until it is done;
// after SALE_POLL_TRIES the page says the mail will tell (the request is kept either way). A
// failed ask is asked again.
import { useEffect, type Dispatch, type SetStateAction } from 'react';
import { finishDraft } from './draft.ts';
import type { SaleProgressInfo } from './SaleProgress.tsx';
import { saleStatus, type SendOutcome } from './send-quote.ts';

/** How often the wizard asks how the sale stands, and how many times before the mail is left to tell. */
const SALE_POLL_MS = 700;
const SALE_POLL_TRIES = 86;

export function useSaleFollow(
  following: boolean,
  requestKey: string,
  setSelling: Dispatch<SetStateAction<SaleProgressInfo | null>>,
  settle: (outcome: SendOutcome) => void,
): void {
  useEffect(() => {
    if (!following) return;
    let cancelled = false;
    let tries = 0;
    let wait: ReturnType<typeof setTimeout>;
    const ask = async () => {
      tries += 1;
      const outcome = await saleStatus(requestKey);
      if (cancelled) return;
      if (outcome.kind === 'selling' || outcome.kind === 'failed') {
        const contractors = outcome.kind === 'selling' ? outcome.contractors : undefined;
        if (tries >= SALE_POLL_TRIES) {
          finishDraft();
          setSelling((s) => ({ contractors: contractors ?? s?.contractors ?? [], late: true }));
          return;
        }
        if (contractors) setSelling({ contractors, late: false });
        wait = setTimeout(() => void ask(), SALE_POLL_MS);
        return;
      }
      // Sold: the cards replace the progress. Out of area or unmatched (a toast, then home): the
      // progress stays until then, so the filled-in form does not come back meanwhile.
      if (outcome.kind !== 'done' || outcome.sold) setSelling(null);
      settle(outcome);
    };
    wait = setTimeout(() => void ask(), SALE_POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(wait);
    };
    // Started once per sale: the counts it sets do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [following, requestKey]);
}
