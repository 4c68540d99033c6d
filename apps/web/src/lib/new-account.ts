/**
 * Remembers, for this browser tab, that the signed-in account was made here a moment ago, so the
 * dashboard greets a newcomer with "Welcome" rather than "Welcome back". Signing out forgets it.
 */
const KEY = 'photoshoot.newAccount';

export function markNewAccount(userId: string): void {
  try {
    sessionStorage.setItem(KEY, userId);
  } catch {
    // storage may be off (private mode): the greeting then says "Welcome back", nothing worse
  }
}

export function isNewAccount(userId: string | undefined): boolean {
  try {
    return !!userId && sessionStorage.getItem(KEY) === userId;
  } catch {
    return false;
  }
}

export function forgetNewAccount(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
