// The dashboard's Profile tab: the business's public profile, in sections of their own files:
// the details (ProfileDetailsForm, PUT /api/contractor/profile), the photos (ProfilePhotos,
// /api/contractor/photos) and the portfolio (PortfolioEditor, /api/contractor/portfolio). A saved
// change publishes itself within a few minutes (issue 28), and the tab says so.
import { useState } from 'react';
import { PROFILE_MESSAGES as M } from '../../domain/profile-rules.ts';
import type { BusinessProfileData } from '../../schemas/business.ts';
import { useRead } from '../shared/query.tsx';
import PortfolioEditor from './PortfolioEditor.tsx';
import ProfileDetailsForm from './ProfileDetailsForm.tsx';
import ProfilePhotos from './ProfilePhotos.tsx';
import type { DashboardBusiness } from './types.ts';
import '../../styles/dashboard-parts.css';
import { ErrorAlert } from '../shared/notices.tsx';

export function ProfileTab({ business }: { business: DashboardBusiness }) {
  const [read, setProfile] = useRead<BusinessProfileData>('/api/contractor/profile');
  const profile = read.data ?? null;
  // Try again shows "Loading profile…" while it reads.
  const loadFailed = read.isError && !read.isFetching;
  const [saved, setSaved] = useState(false);

  if (loadFailed) {
    return (
      <section aria-labelledby="profile-h" className="dashboard-part">
        <h2 id="profile-h">Business Profile</h2>
        <ErrorAlert>{M.loadFailed}</ErrorAlert>
        <button type="button" className="btn secondary" onClick={() => void read.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  if (!profile) {
    return (
      <section aria-labelledby="profile-h" className="dashboard-part" aria-busy="true">
        <h2 id="profile-h">Business Profile</h2>
        <p className="muted">Loading profile…</p>
      </section>
    );
  }

  return (
    <section aria-labelledby="profile-h" className="dashboard-part">
      <h2 id="profile-h">Business Profile</h2>
      <p className="muted">
        What homeowners see on <a href={`/contractor/${business.slug}`}>your public profile</a>.{' '}
        {M.publishNote}
      </p>
      {(saved || profile.unpublishedChanges > 0) && (
        <p className="notice" role="status">
          {saved ? `${M.saved}. ` : ''}
          {profile.unpublishedChanges > 0 ? M.onTheirWay(profile.unpublishedChanges) : ''}
        </p>
      )}
      <ProfileDetailsForm
        profile={profile}
        onEdited={() => setSaved(false)}
        onSaved={(saved) => {
          setProfile(saved);
          setSaved(true);
        }}
      />
      <ProfilePhotos
        images={profile.images}
        businessName={business.name}
        onImages={(images) =>
          setProfile({ ...profile, images, unpublishedChanges: profile.unpublishedChanges + 1 })
        }
      />
      <PortfolioEditor
        businessName={business.name}
        onChanged={() =>
          setProfile((current) => ({ ...current, unpublishedChanges: current.unpublishedChanges + 1 }))
        }
      />
    </section>
  );
}
