import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert } from '../../../ui/alert';
import { settingsQuery } from '../data/option-queries';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\]|0\.0\.0\.0)$/;

/**
 * True while mailed links would lead nowhere: the application URL is still a loopback address
 * (the default, or the listen address `serve` adopted) and this browser reached the site elsewhere.
 */
export function appUrlLeadsElsewhere(appURL: string, origin: string): boolean {
  try {
    const url = new URL(appURL);
    return LOOPBACK.test(url.hostname) && url.origin !== new URL(origin).origin;
  } catch {
    return false;
  }
}

/** The overview's warning about the application URL, with the way to fix it. */
export function AppUrlWarning() {
  const settings = useQuery(settingsQuery);
  const appURL = (settings.data?.meta as { appURL?: string } | undefined)?.appURL;
  if (!appURL || !appUrlLeadsElsewhere(appURL, window.location.origin)) return null;
  return (
    <Alert tone="warning" title="Links in mails point to this machine only" className="mb-6">
      <p>
        Verification, receipt, password and invite links start with <strong>{appURL}</strong>, but this site
        is reached at <strong>{window.location.origin}</strong>.{' '}
        <Link to="/admin/settings" hash="application" className="font-medium underline">
          Set the application URL
        </Link>
        .
      </p>
    </Alert>
  );
}
