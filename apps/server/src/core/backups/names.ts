/**
 * Backup file names (as PocketBase names them): the only keys the backups folder serves, lists or
 * accepts.
 */

export const BACKUP_NAME = /^[a-z0-9_-]+\.zip$/;
const MAX_NAME_LENGTH = 150;

/** Prefix of the backups the schedule makes; only these are rotated by `backups.cronMaxKeep`. */
export const SCHEDULED_PREFIX = 'auto_pb_backup_';
export const MANUAL_PREFIX = 'pb_backup_';

export function isBackupName(name: unknown): name is string {
  return typeof name === 'string' && name.length <= MAX_NAME_LENGTH && BACKUP_NAME.test(name);
}

/** `<prefix>YYYYMMDDHHMMSS.zip` in UTC. */
export function autoBackupName(prefix: string, at: Date = new Date()): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}.zip`;
}
