import { pb } from '../../../lib/pb';
import { errorMessage, FALLBACK } from '../../../lib/errors';
import { authStore, signOut, type User } from '../../../lib/auth-store';
import { markNewAccount } from '../../../lib/new-account';

export type RegisterInput = {
  email: string;
  password: string;
  passwordConfirm: string;
  name: string;
  companyName?: string;
};

/** Signs in with email and password (POST auth-with-password). */
export function login(email: string, password: string) {
  return track(FALLBACK.login, () => pb.collection('users').authWithPassword<User>(email, password));
}

/**
 * Creates the account (companyName defaults to ""), then signs in with it and asks
 * for the verification mail.
 */
export function register(input: RegisterInput) {
  return track(FALLBACK.register, async () => {
    await pb.collection('users').create({
      email: input.email,
      password: input.password,
      passwordConfirm: input.passwordConfirm,
      name: input.name,
      companyName: input.companyName ?? '',
    });
    const auth = await pb.collection('users').authWithPassword<User>(input.email, input.password);
    markNewAccount(auth.record.id);
    // note: the verification mail is a courtesy; the account works without it, so a failure is not fatal.
    pb.collection('users')
      .requestVerification(input.email)
      .catch(() => undefined);
    return auth;
  });
}

/**
 * Sends a one-time sign-in code by mail; returns the otpId the code is checked against, and
 * whether the server says its mail is delayed (an extra field beside PocketBase's `otpId`).
 */
export function requestOtp(email: string) {
  return track(FALLBACK.login, async () => {
    const res: { otpId: string; mailDelayed?: unknown } = await pb.collection('users').requestOTP(email);
    return { otpId: res.otpId, mailDelayed: res.mailDelayed === true };
  });
}

/** Signs in with the mailed code. */
export function loginWithOtp(otpId: string, code: string) {
  return track(FALLBACK.login, () => pb.collection('users').authWithOTP<User>(otpId, code));
}

/**
 * Finishes an OAuth2 sign-in: the provider's code, with the PKCE verifier saved before leaving and
 * the same redirect URL.
 */
export function loginWithOAuth2Code(
  pending: { provider: string; displayName: string; codeVerifier: string },
  code: string,
  redirectUrl: string,
) {
  return track(FALLBACK.oauth2(pending.displayName), () =>
    pb
      .collection('users')
      .authWithOAuth2Code<User>(pending.provider, code, pending.codeVerifier, redirectUrl),
  );
}

/** Clears the session locally (the token is stateless; nothing to call). */
export const logout = signOut;

/** Runs an auth call with loading/error bookkeeping; rethrows so the form can show field errors. */
async function track<T>(fallback: string, call: () => Promise<T>): Promise<T> {
  authStore.setLoading(true);
  try {
    const result = await call();
    authStore.setLoading(false);
    return result;
  } catch (err) {
    authStore.setLoading(false, errorMessage(err, fallback));
    throw err;
  }
}
