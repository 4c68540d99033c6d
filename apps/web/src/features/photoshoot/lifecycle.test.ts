import { describe, expect, it } from 'vitest';
import { allowedSteps, homeStep, resolveStep, STEPS, type PhotoshootStatus } from './lifecycle';

const at = (status: PhotoshootStatus, releasedAt = '') => ({ status, releasedAt });

describe('lifecycle steps', () => {
  it('sends each status to its own step when the wanted one is not allowed', () => {
    expect(resolveStep(at('draft'), 'results')).toBe('upload');
    expect(resolveStep(at('pending_payment'), 'upload')).toBe('payment-return');
    expect(resolveStep(at('queued'), 'styles')).toBe('processing');
    expect(resolveStep(at('processing'), 'results')).toBe('processing');
    expect(resolveStep(at('review'), 'review')).toBe('processing');
    expect(resolveStep(at('failed'), 'payment')).toBe('processing');
    expect(resolveStep(at('completed'), 'processing')).toBe('results');
    expect(resolveStep(at('refunded'), 'review')).toBe('results');
  });

  it('lets a draft move between its editing steps and see why a payment failed', () => {
    for (const step of ['upload', 'styles', 'payment', 'payment-return'] as const)
      expect(resolveStep(at('draft'), step)).toBe(step);
  });

  it('keeps earlier results reachable during a redo round, and only then', () => {
    expect(allowedSteps(at('queued', '2026-01-01 10:00:00.000Z'))).toContain('results');
    expect(allowedSteps(at('queued'))).not.toContain('results');
  });

  it('always resolves to an allowed step', () => {
    const statuses: PhotoshootStatus[] = [
      'draft',
      'pending_payment',
      'queued',
      'processing',
      'review',
      'completed',
      'failed',
      'refunded',
    ];
    for (const status of statuses) {
      expect(allowedSteps(at(status))).toContain(homeStep(at(status)));
      for (const step of STEPS) expect(allowedSteps(at(status))).toContain(resolveStep(at(status), step));
    }
  });
});
