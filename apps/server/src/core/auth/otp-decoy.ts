/**
 * The `_otps.recordRef` of a code requested for an address with no account. It is derived from
 * the address so the live-code cap works per address as it does per account, and hashed so the
 * table does not collect the addresses people tried.
 */
import { createHash } from 'node:crypto';

const PREFIX = 'decoy:';

export function decoyRecordRef(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
  return `${PREFIX}${digest.slice(0, 32)}`;
}

export function isDecoy(recordRef: string): boolean {
  return recordRef.startsWith(PREFIX);
}
