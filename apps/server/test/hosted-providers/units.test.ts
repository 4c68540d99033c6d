/** The pieces without a database: prompts, Standard Webhooks (output downloads: output-downloads.test.ts). */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildPrompt } from '../../src/modules/hosted-providers/prompt.js';
import { verifyStandardWebhook } from '../../src/modules/hosted-providers/replicate/standard-webhooks.js';
import { readReplicateObject } from '../../src/modules/hosted-providers/replicate/replicate-output.js';
import { classifyStatus } from '../../src/modules/hosted-providers/remote-result.js';
import { MalformedResponse, outOfCredit } from '../../src/modules/hosted-providers/http.js';

describe('prompt building', () => {
  const style = {
    prompt: 'executive portrait photograph of {subject}, navy backdrop',
    negativePrompt: 'cartoon',
    framing: 'headshot' as const,
  };

  it('fills {subject} from the profile, with the trigger word and class', () => {
    const p = buildPrompt(style, 'ohwx', {
      gender: 'male',
      ageRange: '65+',
      hair: 'grey',
      eyes: 'green',
      glasses: false,
    });
    expect(p.prompt).toBe(
      'executive portrait photograph of ohwx man, over 65 years old, grey hair, green eyes, navy backdrop, head and shoulders',
    );
    expect(p.negativePrompt.startsWith('cartoon, ')).toBe(true);
  });

  it('keeps profile text from smuggling prompt syntax or newlines in', () => {
    const p = buildPrompt(style, 'ohwx', { gender: 'unspecified', hair: 'red)\n<lora:evil:9> [x]' });
    expect(p.prompt).toContain('ohwx person, red lora evil 9 x hair');
    expect(p.prompt).not.toMatch(/[<>\n[\]]/);
  });

  it('prefixes the subject when a style has no placeholder, and has a fallback', () => {
    expect(buildPrompt({ ...style, prompt: 'studio light' }, 'ohwx', null).prompt).toBe(
      'ohwx person, studio light, head and shoulders',
    );
    expect(buildPrompt({ ...style, prompt: '' }, 'ohwx', null).prompt).toContain(
      'portrait photograph of ohwx person',
    );
  });
});

describe('Standard Webhooks verification', () => {
  const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
  const body = Buffer.from('{"id":"p1","status":"succeeded"}');
  const sign = (id: string, ts: string, b: Buffer) =>
    createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(`${id}.${ts}.${b.toString()}`)
      .digest('base64');
  const now = 1_700_000_000;

  it('accepts a valid signature among several and refuses tampering, staleness and other secrets', () => {
    const ts = String(now);
    const h = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': ts,
      'webhook-signature': `v1,bogus v1,${sign('msg_1', ts, body)}`,
    };
    expect(verifyStandardWebhook(secret, h, body, now)).toBe(true);
    expect(
      verifyStandardWebhook(secret, h, Buffer.from(body.toString().replace('succeeded', 'failed')), now),
    ).toBe(false);
    expect(verifyStandardWebhook(secret, { ...h, 'webhook-id': 'msg_2' }, body, now)).toBe(false);
    expect(verifyStandardWebhook(secret, h, body, now + 301)).toBe(false);
    expect(
      verifyStandardWebhook(`whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`, h, body, now),
    ).toBe(false);
    expect(verifyStandardWebhook(secret, { ...h, 'webhook-signature': '' }, body, now)).toBe(false);
  });
});

describe('documented job states', () => {
  it('ends a Replicate job on each documented terminal state, aborted included', () => {
    expect(readReplicateObject('generate', { status: 'aborted', error: null })).toEqual({
      state: 'failed',
      error: 'aborted',
    });
    expect(readReplicateObject('generate', { status: 'canceled' })).toEqual({
      state: 'failed',
      error: 'canceled',
    });
    expect(readReplicateObject('train', { status: 'starting' })).toEqual({ state: 'pending' });
  });

  it('refuses a state the table does not document instead of guessing', () => {
    const table = { pending: ['queued'], succeeded: ['done'], failed: ['failed', 'expired'] };
    expect(classifyStatus('Svc', 'expired', table)).toBe('failed');
    expect(() => classifyStatus('Svc', 'finished', table)).toThrow(MalformedResponse);
    expect(() => classifyStatus('Svc', undefined, table)).toThrow(
      'Svc answered with a malformed body (no status).',
    );
  });
});

describe('out of credit', () => {
  it("reads a 402, and fal's 403 for an exhausted balance, as out of credit; other 403s are not", () => {
    expect(outOfCredit(402, '')).toBe(true);
    const locked = JSON.stringify({
      detail: 'User is locked. Reason: Exhausted balance. Top up your balance at fal.ai/dashboard/billing.',
    });
    expect(outOfCredit(403, locked)).toBe(true);
    expect(outOfCredit(403, JSON.stringify({ detail: 'Invalid key' }))).toBe(false);
    expect(outOfCredit(401, locked)).toBe(false);
  });
});
