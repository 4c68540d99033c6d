/**
 * Work shared between the subscribers of one event. Whether a subscription may see the event
 * depends only on its auth record, the rule it is under (list or view) and its options, so equal
 * ones (guests, one user's tabs) are checked once. The message body depends only on superuser or
 * not and `fields` when the collection is not an auth collection (no email visibility) and nothing
 * is expanded (expansion applies the subscriber's own rules), so those are serialised once.
 */
import type { AuthState } from '../records/caller.js';
import type { RecordEvent } from '../records/record-events.js';
import type { Topic } from './topic.js';

export class DispatchMemo {
  private readonly bodies = new Map<string, Promise<string>>();

  constructor(private readonly event: RecordEvent) {}

  /** Subscriptions with the same key get the same answer to "may it see this event". */
  accessKey(auth: AuthState | null, topic: Topic): string {
    const who = auth ? `${auth.collection.id}/${String(auth.record.id)}` : '';
    return `${who}|${topic.recordId !== null ? 'view' : 'list'}|${topic.optionsKey}`;
  }

  body(superuser: boolean, topic: Topic, serialise: () => Promise<string>): Promise<string> {
    if (this.event.collection.type === 'auth' || topic.query.expand) return serialise();
    return memo(this.bodies, `${superuser ? 1 : 0}|${topic.query.fields ?? ''}`, serialise);
  }
}

function memo<T>(cache: Map<string, Promise<T>>, key: string, compute: () => Promise<T>): Promise<T> {
  let hit = cache.get(key);
  if (!hit) {
    hit = compute();
    cache.set(key, hit);
  }
  return hit;
}
