/**
 * Who a change is attributed to in the logs that record who did what (a photoshoot's transitions,
 * an order's refund): a user, an operator (superuser) or the server itself.
 */
import { isSuperuser, type Caller } from './caller.js';

export const ACTOR_KINDS = ['user', 'superuser', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export type Actor = { kind: ActorKind; /** A user or superuser id, or a worker/process name. */ id: string };

/** The server itself (workers, webhooks, scheduled jobs); `id` names the part when useful. */
export function systemActor(id = ''): Actor {
  return { kind: 'system', id };
}

/** The actor behind a request: its user or superuser; a guest acts as nobody, so as the system. */
export function actorOf(caller: Caller): Actor {
  if (!caller.auth) return systemActor();
  return { kind: isSuperuser(caller) ? 'superuser' : 'user', id: String(caller.auth.record.id ?? '') };
}
