import { useTitle } from '../../lib/use-title';
import { PageHeader } from '../../ui';
import { useAuth } from '../../lib/use-auth';
import { DeleteAccountSection, EmailSection, PasswordSection, ProfileSection } from './settings-sections';

/** /settings: profile, email, password and account deletion. */
export function SettingsPage() {
  useTitle('Settings');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Settings" description="Your profile, sign-in details and account." />
      <div className="flex flex-col gap-6">
        <ProfileSection user={user} />
        <EmailSection user={user} />
        <PasswordSection user={user} />
        <DeleteAccountSection user={user} />
      </div>
    </>
  );
}
