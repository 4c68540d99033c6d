/**
 * The signed-in user's own account, as the settings page changes it. Each change of the signed-in
 * record also refreshes the SDK's auth store, so the header follows.
 */
import type { User } from '../../../lib/auth-store';
import { pb } from '../../../lib/pb';

/** Name, company and (when given) a new avatar, as multipart form data. */
export function updateProfile(userId: string, body: FormData): Promise<User> {
  return pb.collection('users').update<User>(userId, body);
}

/** Mails a confirmation link to the new address; the email changes once it is opened. */
export function requestEmailChange(newEmail: string): Promise<boolean> {
  return pb.collection('users').requestEmailChange(newEmail);
}

/** Signs in again with the password: how the server confirms it before a sensitive change. */
export async function confirmPassword(email: string, password: string): Promise<void> {
  await pb.collection('users').authWithPassword(email, password);
}

/**
 * Sets a new password, then signs in with it: the change ends every session, this one included.
 */
export async function changePassword(
  user: Pick<User, 'id' | 'email'>,
  values: { oldPassword: string; password: string; passwordConfirm: string },
): Promise<void> {
  await pb.collection('users').update(user.id, values);
  await pb.collection('users').authWithPassword(user.email, values.password);
}

/** Deletes the account (photos and portraits go with it) and forgets the session. */
export async function deleteAccount(userId: string): Promise<void> {
  await pb.collection('users').delete(userId);
  pb.authStore.clear();
}
