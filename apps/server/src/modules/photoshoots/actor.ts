/** Who a photoshoot change is attributed to in the transition log. */
import { isSuperuser, type Caller } from '../../core/records/caller.js';
import type { ActorKind } from './statuses.js';

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
