import PocketBase, { LocalAuthStore } from 'pocketbase';
import { pb } from '../../../lib/pb';

/**
 * The back office's own SDK client (a second client with its own auth state, so an operator's
 * session never mixes with a customer's). Its superuser session is stored under a key of its own,
 * so an operator can be signed in to the back office and as a customer in the same browser without
 * either replacing the other.
 */
export const ADMIN_AUTH_KEY = 'photoshoot_admin_auth';

// note: same server as the customer client (its base URL is read when this lazy chunk loads).
export const adminPb = new PocketBase(pb.baseURL, new LocalAuthStore(ADMIN_AUTH_KEY));
adminPb.autoCancellation(false);
