import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../ui/alert';
import { overviewQuery } from './data/overview-query';

/**
 * The warning shown on the overview and the settings while PHOTOSHOOT_ENCRYPTION_KEY is unset:
 * the keys and passwords saved in the settings sit in plain text, in the database and its backups.
 */
export function EncryptionWarning() {
  const overview = useQuery(overviewQuery);
  if (overview.data?.secretsEncrypted !== false) return null;
  return (
    <Alert tone="warning" title="Saved keys and passwords are not encrypted" className="mb-6">
      <p>
        The SMTP password and the provider and payment keys saved in the settings are stored in plain text,
        and every backup holds them as they are. To encrypt them, set the environment variable{' '}
        <code className="font-mono">PHOTOSHOOT_ENCRYPTION_KEY</code> to a random value of at least 32
        characters, restart the server, then save any settings section once. Keep the key safe: without it the
        settings and backups saved after that cannot be read.
      </p>
    </Alert>
  );
}
