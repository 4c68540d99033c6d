/**
 * Checks for the operations sections (backups, s3, batch, rateLimits, trustedProxy, logs,
 * superuserIPs), reported by path (`rateLimits.rules.0.audience`) with PocketBase's codes.
 */
import { isIP } from 'node:net';
import { assertCronExpression } from '../cron/cron-registry.js';
import type { S3Settings, Settings } from './settings.js';

export type ReportAt = (path: string, code: string, message: string) => void;

const REQUIRED = ['validation_required', 'Cannot be blank.'] as const;
const NOT_BOOL = ['validation_invalid_value', 'Must be true or false.'] as const;
const AUDIENCES = ['', '@guest', '@auth'];
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const isInt = (v: unknown, min: number) => Number.isInteger(v) && (v as number) >= min;
const isText = (v: unknown) => typeof v === 'string' && v.trim() !== '';

function isHttpUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}

function validateBackups(s: Settings['backups'], at: ReportAt): void {
  validateBackupsS3(s.s3, at);
  if (typeof s.cron !== 'string') {
    at('backups.cron', 'validation_invalid_cron', 'Must be a cron expression or empty.');
  } else if (s.cron.trim() !== '') {
    try {
      assertCronExpression(s.cron.trim());
    } catch {
      at('backups.cron', 'validation_invalid_cron', 'Must be a valid cron expression, e.g. "0 3 * * *".');
    }
  }
}

function validateS3Fields(s: S3Settings, prefix: string, at: ReportAt): void {
  if (typeof s.enabled !== 'boolean') at(`${prefix}.enabled`, ...NOT_BOOL);
  if (typeof s.forcePathStyle !== 'boolean') at(`${prefix}.forcePathStyle`, ...NOT_BOOL);
  for (const key of ['bucket', 'region', 'endpoint', 'accessKey', 'secret'] as const) {
    const value = s[key];
    if (typeof value !== 'string') at(`${prefix}.${key}`, 'validation_invalid_value', 'Must be a string.');
    else if (s.enabled === true && !value.trim()) at(`${prefix}.${key}`, ...REQUIRED);
  }
  if (typeof s.endpoint === 'string' && s.endpoint.trim() && !isHttpUrl(s.endpoint))
    at(`${prefix}.endpoint`, 'validation_is_url', 'Must be a valid url.');
}

function validateBackupsS3(s: unknown, at: ReportAt): void {
  if (!s || typeof s !== 'object' || Array.isArray(s)) {
    at('backups.s3', 'validation_invalid_value', 'Must be an S3 settings object.');
    return;
  }
  const s3 = s as S3Settings;
  // Refused rather than dropped, so an operator never believes backups leave the server.
  if (s3.enabled === true) {
    at(
      'backups.s3.enabled',
      'validation_not_supported',
      'Backups to S3 are not supported: backups are written to the data directory (use the backups API to download them).',
    );
    return;
  }
  validateS3Fields(s3, 'backups.s3', at);
}

function validateBatch(s: Settings['batch'], at: ReportAt): void {
  if (typeof s.enabled !== 'boolean') at('batch.enabled', ...NOT_BOOL);
  if (!isInt(s.maxRequests, 1))
    at('batch.maxRequests', 'validation_min_number_constraint', 'Must be at least 1.');
  if (!isInt(s.timeout, 0))
    at('batch.timeout', 'validation_min_number_constraint', 'Must be 0 (3 seconds) or more seconds.');
  if (!isInt(s.maxBodySize, 0))
    at('batch.maxBodySize', 'validation_min_number_constraint', 'Must be 0 (128 MiB) or more bytes.');
}

function validateRateLimits(s: Settings['rateLimits'], at: ReportAt): void {
  if (typeof s.enabled !== 'boolean') at('rateLimits.enabled', ...NOT_BOOL);
  if (!Array.isArray(s.rules)) {
    at('rateLimits.rules', 'validation_invalid_value', 'Must be a list of rules.');
    return;
  }
  s.rules.forEach((rule: unknown, i) => {
    const path = `rateLimits.rules.${i}`;
    if (!rule || typeof rule !== 'object' || Array.isArray(rule)) {
      at(path, 'validation_invalid_value', 'Must be a rule object.');
      return;
    }
    const r = rule as Record<string, unknown>;
    if (!isText(r.label)) at(`${path}.label`, ...REQUIRED);
    if (!isInt(r.maxRequests, 1))
      at(`${path}.maxRequests`, 'validation_min_number_constraint', 'Must be at least 1.');
    if (!isInt(r.duration, 1))
      at(`${path}.duration`, 'validation_min_number_constraint', 'Must be at least 1 (seconds).');
    if (r.audience !== undefined && !AUDIENCES.includes(r.audience as string))
      at(`${path}.audience`, 'validation_in_invalid', 'Must be one of "", "@guest" or "@auth".');
  });
}

function validateTrustedProxy(s: Settings['trustedProxy'], at: ReportAt): void {
  if (typeof s.useLeftmostIP !== 'boolean') at('trustedProxy.useLeftmostIP', ...NOT_BOOL);
  if (!Array.isArray(s.headers)) {
    at('trustedProxy.headers', 'validation_invalid_value', 'Must be a list of header names.');
    return;
  }
  s.headers.forEach((h: unknown, i) => {
    if (typeof h !== 'string' || !HEADER_NAME.test(h))
      at(
        `trustedProxy.headers.${i}`,
        'validation_invalid_value',
        'Must be a header name, e.g. X-Forwarded-For.',
      );
  });
}

function validateLogs(s: Settings['logs'], at: ReportAt): void {
  if (!isInt(s.maxDays, 0)) at('logs.maxDays', 'validation_invalid_value', 'Must be 0 or more days.');
  if (!Number.isInteger(s.minLevel))
    at('logs.minLevel', 'validation_invalid_value', 'Must be a level: -4 debug, 0 info, 4 warn, 8 error.');
  if (typeof s.logIP !== 'boolean') at('logs.logIP', ...NOT_BOOL);
  if (typeof s.logAuthId !== 'boolean') at('logs.logAuthId', ...NOT_BOOL);
}

function validateSuperuserIPs(list: Settings['superuserIPs'], at: ReportAt): void {
  if (!Array.isArray(list)) {
    at('superuserIPs', 'validation_invalid_value', 'Must be a list of IP addresses.');
    return;
  }
  // note: matched exactly against the client IP (apis/files.ts), so ranges are not accepted.
  list.forEach((v: unknown, i) => {
    if (typeof v !== 'string' || !isIP(v))
      at(`superuserIPs.${i}`, 'validation_is_ip', 'Must be a valid IP address.');
  });
}

export function validateOpsSettings(s: Settings, at: ReportAt): void {
  validateBackups(s.backups, at);
  validateS3Fields(s.s3, 's3', at);
  validateBatch(s.batch, at);
  validateRateLimits(s.rateLimits, at);
  validateTrustedProxy(s.trustedProxy, at);
  validateLogs(s.logs, at);
  validateSuperuserIPs(s.superuserIPs, at);
}
