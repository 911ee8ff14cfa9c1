// The admin fraud queue (issue 23): held requests (oldest first) and reported ones (newest first),
// each with the signals behind it and one-click Release and Block (a reason required to block), and
// the contact details blocked now, each with Release (src/islands/admin/fraud/). Lists are keyset
// paged ("Show more").
import { useState } from 'react';
import { FRAUD_MESSAGES as M } from '../../domain/fraud-rules.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';
import BlockedList from './fraud/BlockedList.tsx';
import LeadList from './fraud/LeadList.tsx';
import { withQueries } from '../shared/query.tsx';
import { StatusLine } from '../shared/notices.tsx';

function FraudQueue() {
  const [message, setMessage] = useState<string | null>(null);
  /** Read the blocked list again after a decision changed it. */
  const [blocksVersion, setBlocksVersion] = useState(0);
  const changed = () => setBlocksVersion((n) => n + 1);
  return (
    <div>
      <StatusLine>{message}</StatusLine>
      <LeadList
        list="held"
        heading="Held requests"
        empty={M.noHeld}
        more="Show more held requests"
        onMessage={setMessage}
        onBlocksChanged={changed}
      />
      <LeadList
        list="reported"
        heading="Reported requests"
        empty={M.noReported}
        more="Show more reported requests"
        onMessage={setMessage}
        onBlocksChanged={changed}
      />
      <BlockedList key={blocksVersion} onMessage={setMessage} />
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(withQueries(FraudQueue));
