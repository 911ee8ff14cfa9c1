// /profile: Account Settings with the tabs Profile, Security and Account & Billing. The page
// passes the profile it loaded on the server; every change is saved through the account API.
import { useEffect, useState } from 'react';
import { pushToast } from '../../stores/toasts.ts';
import Tabs from '../shared/Tabs.tsx';
import Toaster from '../shared/Toaster.tsx';
import PreferencesTab from './PreferencesTab.tsx';
import ProfileTab from './ProfileTab.tsx';
import SecurityTab from './SecurityTab.tsx';
import type { ProfileData } from './types.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';
import { withQueries } from '../shared/query.tsx';

interface Props {
  profile: ProfileData;
  isContractor: boolean;
  /** A message for arriving here (e.g. after following an e-mail change link). */
  notice: string | null;
}

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'security', label: 'Security' },
  { id: 'billing', label: 'Account & Billing' },
] as const;
type Tab = (typeof TABS)[number]['id'];

function ProfileSettings({ profile: initial, isContractor, notice }: Props) {
  const [tab, setTab] = useState<Tab>('profile');
  const [profile, setProfile] = useState(initial);

  useEffect(() => {
    if (notice) pushToast({ title: notice });
  }, [notice]);

  return (
    <div className="settings">
      <Toaster />
      <h1>Account Settings</h1>
      <Tabs label="Account Settings" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'profile' && <ProfileTab profile={profile} onSaved={setProfile} />}
        {tab === 'security' && <SecurityTab email={profile.email} />}
        {tab === 'billing' && (
          <PreferencesTab profile={profile} isContractor={isContractor} onSaved={setProfile} />
        )}
      </Tabs>
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(withQueries(ProfileSettings));
