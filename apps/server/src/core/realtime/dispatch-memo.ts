/**
 * Work shared between the subscribers of one event. Whether a subscription may see the event
 * depends only on its auth record, the rule it is under (list or view) and its options, so equal
 * ones (guests, one user's tabs) are checked once; they also see the same message. Across those
 * groups the message depends only on superuser or not and `fields` when the collection is not an
 * auth collection (no email visibility) and nothing is expanded (expansion applies the
 * subscriber's own rules), so those are serialised once, and each message is encoded once per
 * event name (sse-frame.ts).
 */
import type { AuthState } from '../records/caller.js';
import type { RecordEvent } from '../records/record-events.js';
import { SseFrame } from './sse-frame.js';
import type { Topic } from './topic.js';

/** One serialised message; `json` stays null until serialised, and when serialising failed. */
export class EventMessage {
  json: string | null = null;
  private readonly frames = new Map<string, SseFrame>();

  /** The message as the event named `event` (a topic's raw string), encoded once per name. */
  frame(event: string): SseFrame {
    let frame = this.frames.get(event);
    if (!frame) this.frames.set(event, (frame = new SseFrame(event, this.json!)));
    return frame;
  }
}

export class DispatchMemo {
  private readonly shared = new Map<string, EventMessage>();
  private readonly pending: Promise<void>[] = [];

  constructor(private readonly event: RecordEvent) {}

  /** Subscriptions with the same key get the same answer to "may it see this event". */
  accessKey(auth: AuthState | null, topic: Topic): string {
    const who = auth ? `${auth.collection.id}/${String(auth.record.id)}` : '';
    return `${who}|${topic.recordId !== null ? 'view' : 'list'}|${topic.optionsKey}`;
  }

  /** The message for one access group; `serialise` runs only when no equal message exists. */
  message(superuser: boolean, topic: Topic, serialise: () => Promise<string>): EventMessage {
    const shareable = this.event.collection.type !== 'auth' && !topic.query.expand;
    const key = `${superuser ? 1 : 0}|${topic.query.fields ?? ''}`;
    const message = shareable ? this.shared.get(key) : undefined;
    if (message) return message;
    const made = new EventMessage();
    if (shareable) this.shared.set(key, made);
    this.pending.push(
      serialise().then(
        (json) => void (made.json = json),
        () => undefined,
      ),
    );
    return made;
  }

  /** Resolves once every message asked for has been serialised (or has failed). */
  async ready(): Promise<void> {
    await Promise.all(this.pending);
  }
}
