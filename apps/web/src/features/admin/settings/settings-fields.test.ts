import { ClientResponseError } from 'pocketbase';
import { SECTIONS } from './settings-sections';
import { describe, expect, it } from 'vitest';
import { fieldError, pickFields, setPath, type FieldSpec } from './settings-fields';

const fields: FieldSpec[] = [
  { path: 'payments.provider', label: 'Provider', kind: 'select' },
  { path: 'payments.stripeSecretKey', label: 'Key', kind: 'secret' },
  { path: 'processing.fal.apiKey', label: 'fal', kind: 'secret' },
  { path: 'processing.likenessThreshold', label: 'Likeness', kind: 'number' },
];

const saveError = (data: unknown) =>
  new ClientResponseError({ status: 400, response: { status: 400, message: 'x', data } });

describe('settings form fields', () => {
  it('picks only the form fields, secrets blank (the server keeps a blank secret)', () => {
    const settings = {
      payments: { provider: 'stripe', stripeSecretKey: '', currency: 'usd' },
      processing: { fal: { apiKey: '' }, likenessThreshold: 0.5, workerConcurrency: 1 },
      smtp: { host: 'mail' },
    };
    expect(pickFields(settings, fields)).toEqual({
      payments: { provider: 'stripe', stripeSecretKey: '' },
      processing: { fal: { apiKey: '' }, likenessThreshold: 0.5 },
    });
  });

  it('sets a nested value without touching the original', () => {
    const before = { processing: { fal: { apiKey: '' }, likenessThreshold: 0.5 } };
    const after = setPath(before, 'processing.fal.apiKey', 'new');
    expect(after).toEqual({ processing: { fal: { apiKey: 'new' }, likenessThreshold: 0.5 } });
    expect(before.processing.fal.apiKey).toBe('');
  });

  it("finds the server's message for a field, flat (`fal.apiKey`) or nested (`smtp.host`)", () => {
    const err = saveError({
      processing: {
        'fal.apiKey': { code: 'validation_invalid_value', message: 'Must be a single-line key.' },
      },
      smtp: { host: { code: 'validation_required', message: 'Cannot be blank.' } },
    });
    expect(fieldError(err, 'processing.fal.apiKey')).toBe('Must be a single-line key.');
    expect(fieldError(err, 'smtp.host')).toBe('Cannot be blank.');
    expect(fieldError(err, 'smtp.port')).toBeUndefined();
    expect(fieldError(new Error('network'), 'smtp.host')).toBeUndefined();
  });

  it("offers the upload checks' thresholds while the checks are on, with the server's message under each", () => {
    const processing = SECTIONS.find((x) => x.id === 'processing')!;
    const thresholds = processing.fields.filter((f) => f.path.startsWith('processing.checks.'));
    expect(thresholds.map((f) => f.path)).toContain('processing.checks.minSharpness');
    expect(thresholds.length).toBeGreaterThanOrEqual(10);
    expect(thresholds.every((f) => f.kind === 'number')).toBe(true);
    expect(thresholds.every((f) => f.when?.({ processing: { uploadChecks: true } }))).toBe(true);
    expect(thresholds.some((f) => f.when?.({ processing: { uploadChecks: false } }))).toBe(false);
    const err = saveError({
      processing: {
        'checks.minSharpness': {
          code: 'validation_invalid_value',
          message: 'Must be a number from 0 to 10000.',
        },
      },
    });
    expect(fieldError(err, 'processing.checks.minSharpness')).toBe('Must be a number from 0 to 10000.');
  });
});
