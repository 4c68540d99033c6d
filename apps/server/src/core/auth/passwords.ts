import { hash, verify } from '@node-rs/argon2';

// note: argon2id with the library defaults (m=19456 KiB, t=2, p=1) matches OWASP's minimum
// recommendation and keeps a sign-in around 15-40 ms on the 2-core machines.
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Runs a verification against a throwaway hash so unknown identities take as long as wrong passwords. */
export async function dummyVerify(password: string): Promise<void> {
  dummy ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummy, password);
}
