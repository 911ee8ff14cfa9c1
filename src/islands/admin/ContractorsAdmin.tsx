// The admin contractors page: the PENDING queue with everything each applicant gave and the
// licence check (src/islands/admin/contractors/PendingApplications), listing claims with their
// proof (ListingClaims), and the listed businesses (ListedContractors). Approving either asks
// first, in a dialog that states what follows. One status line reports every change.
import { useState } from 'react';
import { withBoundary } from '../shared/ErrorBoundary.tsx';
import ListedContractors from './contractors/ListedContractors.tsx';
import ListingClaims from './contractors/ListingClaims.tsx';
import PendingApplications from './contractors/PendingApplications.tsx';
import { withQueries } from '../shared/query.tsx';
import { StatusLine } from '../shared/notices.tsx';

function ContractorsAdmin() {
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div>
      <StatusLine>{message}</StatusLine>
      <PendingApplications onMessage={setMessage} />
      <ListingClaims onMessage={setMessage} />
      <ListedContractors onMessage={setMessage} />
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(withQueries(ContractorsAdmin));
