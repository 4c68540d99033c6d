/** The mailed links' confirmations: each carries a one-time token the server checks. */
import { pb } from '../../../lib/pb';

export function confirmPasswordReset(token: string, password: string, passwordConfirm: string) {
  return pb.collection('users').confirmPasswordReset(token, password, passwordConfirm);
}

export function confirmVerification(token: string) {
  return pb.collection('users').confirmVerification(token);
}

/** The new address takes effect once the current password is given. */
export function confirmEmailChange(token: string, password: string) {
  return pb.collection('users').confirmEmailChange(token, password);
}
