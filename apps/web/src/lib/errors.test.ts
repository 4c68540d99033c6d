import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { FALLBACK, toFormError } from './errors';

const responseError = (status: number, response: Record<string, unknown>) =>
  new ClientResponseError({ url: 'http://x/api', status, response });

describe('toFormError', () => {
  it('uses the fallback sentence when the server sends no message', () => {
    expect(toFormError(responseError(400, { data: {} }), FALLBACK.login)).toEqual({
      message: 'Failed to login with email and password',
      fields: {},
    });
    expect(toFormError(responseError(500, {}), FALLBACK.register).message).toBe('Failed to register user');
    expect(FALLBACK.oauth2('GitHub')).toBe('Failed to login with GitHub');
  });

  it('prefers the server’s message and lifts field messages', () => {
    const err = responseError(400, {
      message: 'The code has expired.',
      data: { email: { code: 'validation_not_unique', message: 'Value must be unique.' }, junk: 'x' },
    });
    expect(toFormError(err, FALLBACK.register)).toEqual({
      message: 'The code has expired.',
      fields: { email: 'Value must be unique.' },
    });
  });

  it('says the server’s words on a sign-in, the fallback only when it sends none', () => {
    expect(
      toFormError(responseError(400, { message: 'Failed to authenticate.' }), FALLBACK.login).message,
    ).toBe('Failed to authenticate.');
    expect(toFormError(responseError(400, { message: ' ' }), FALLBACK.login).message).toBe(
      'Failed to login with email and password',
    );
  });

  it('says the form’s fallback instead of the protocol’s generic create sentence', () => {
    const create = responseError(400, {
      message: 'Failed to create record.',
      data: { email: { code: 'validation_not_unique', message: 'Value must be unique.' } },
    });
    expect(toFormError(create, FALLBACK.register)).toEqual({
      message: 'Failed to register user',
      fields: { email: 'Value must be unique.' },
    });
  });

  it('says "Network error occurred" when the request never got an answer', () => {
    expect(
      toFormError(
        new ClientResponseError({ status: 0, originalError: new TypeError('fetch failed') }),
        FALLBACK.login,
      ).message,
    ).toBe('Network error occurred');
  });

  it('falls back for anything that is not an API error', () => {
    expect(toFormError(new Error('boom'), FALLBACK.changePassword)).toEqual({
      message: 'Failed to change password',
      fields: {},
    });
  });
});
