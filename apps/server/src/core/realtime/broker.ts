/**
 * The realtime broker: SSE clients by id, and delivery of committed record changes to every
 * subscription whose rule (list rule for `/*`, view rule for `/id`) and filter allow it, serialised
 * as that subscriber would see the record over the REST API. Subscribers that would get the same
 * answer share the rule check and the serialised message (dispatch-memo.ts).
 */
import type { App } from '../app.js';
import { isSuperuser, type Caller } from '../records/caller.js';
import { checkClientExpression } from '../records/list.js';
import { filterContext, ruleCondition } from '../records/rules.js';
import { valuesMatchChecks, type Check } from '../records/rule-batch.js';
import type { CompiledRule } from '../records/rule-memo.js';
import type { RecordEvent } from '../records/record-events.js';
import type { CollectionDef } from '../schema/collection.js';
import { compileFilter } from '../filter/compile.js';
import { pickFields } from '../../tools/picker.js';
import type { RealtimeClient } from './client.js';
import { DispatchMemo, type EventMessage } from './dispatch-memo.js';
import type { Topic } from './topic.js';

/** Subscriptions that share an access key: one rule check, one message. */
type Group = { caller: Caller; check: Check | null; clients: RealtimeClient[]; topics: Topic[] };

function callerFor(client: RealtimeClient, topic: Topic): Caller {
  return {
    auth: client.auth,
    method: 'GET',
    headers: topic.headers,
    query: topic.query,
    context: 'realtime',
  };
}

export class RealtimeBroker {
  readonly clients = new Map<string, RealtimeClient>();

  constructor(private readonly app: App) {}

  add(client: RealtimeClient): void {
    this.clients.set(client.id, client);
  }

  remove(client: RealtimeClient): void {
    if (this.clients.get(client.id) === client) this.clients.delete(client.id);
  }

  closeAll(): void {
    for (const client of [...this.clients.values()]) client.close();
  }

  /** Sends a custom message to one client (used by the OAuth2 redirect). */
  sendTo(clientId: string, event: string, data: unknown): boolean {
    const client = this.clients.get(clientId);
    if (!client || client.closed) return false;
    client.send(event, data);
    return true;
  }

  /**
   * Delivers `event` to every allowed subscription; never throws. The only awaits are per event
   * (the batched rule check, the few distinct serialisations); the writes are one synchronous loop
   * over the subscribers with no allocation beyond each one's bytes.
   */
  async dispatch(event: RecordEvent): Promise<void> {
    this.updateAuth(event);
    const memo = new DispatchMemo(event);
    // Subscriptions with the same access key share one check and one message; all checks of this
    // event run as a few batched statements (rule-batch.ts) instead of one SELECT per subscriber.
    const byKey = new Map<string, Group>();
    for (const client of this.clients.values()) {
      for (const topic of client.subscriptions.values()) {
        if (topic.collection?.id !== event.collection.id) continue;
        if (topic.recordId !== null && topic.recordId !== event.record.id) continue;
        const key = memo.accessKey(client.auth, topic);
        let group = byKey.get(key);
        if (!group) {
          const caller = callerFor(client, topic);
          group = { caller, check: this.checkFor(caller, topic, event.collection), clients: [], topics: [] };
          byKey.set(key, group);
        }
        group.clients.push(client);
        group.topics.push(topic);
      }
    }
    const groups = [...byKey.values()].filter((g) => g.check !== null);
    let allowed: boolean[];
    try {
      allowed = await valuesMatchChecks(
        this.app.db,
        event.collection,
        event.record,
        groups.map((g) => g.check!),
      );
    } catch {
      return;
    }
    const sends: { group: Group; message: EventMessage }[] = [];
    groups.forEach((group, i) => {
      if (!allowed[i]) return;
      const { caller, topics } = group;
      const message = memo.message(isSuperuser(caller), topics[0]!, async () => {
        const [record] = await this.app.records.shape(event.collection, [event.record], caller, {
          expand: topics[0]!.query.expand,
        });
        return JSON.stringify({ action: event.action, record: pickFields(record, topics[0]!.query.fields) });
      });
      sends.push({ group, message });
    });
    await memo.ready();
    for (const { group, message } of sends) {
      if (message.json === null) continue;
      const { clients, topics } = group;
      for (let i = 0; i < clients.length; i++) {
        try {
          clients[i]!.sendFrame(message.frame(topics[i]!.raw));
        } catch {
          // One broken socket must not stop the others' deliveries.
        }
      }
    }
  }

  /**
   * Compiles the topic's rule for the subscriber now, so the first event it sees finds the
   * compilation in the rule memo. Errors are left for the event to meet.
   */
  prepare(client: RealtimeClient): void {
    for (const topic of client.subscriptions.values()) {
      if (!topic.collection) continue;
      try {
        this.checkFor(callerFor(client, topic), topic, topic.collection);
      } catch {
        // An invalid filter fails each event for this subscriber alone, as before.
      }
    }
  }

  /**
   * The conditions the event's record must meet for this subscriber: the topic's rule (list rule
   * for `/*`, view rule for `/id`) and its filter; null when the answer is no whatever the record.
   */
  private checkFor(caller: Caller, topic: Topic, collection: CollectionDef): Check | null {
    const su = isSuperuser(caller);
    const rule = topic.recordId !== null ? collection.viewRule : collection.listRule;
    if (!su && rule === null) return null;
    const conds: CompiledRule[] = [];
    try {
      const ruleCond = su ? null : ruleCondition(this.app.db, this.app.registry, collection, rule!, caller);
      if (ruleCond) conds.push(ruleCond);
      const filter = topic.query.filter;
      if (filter && filter.trim() !== '') {
        checkClientExpression(filter, caller);
        conds.push(
          compileFilter(
            filter,
            filterContext(this.app.db, this.app.registry, collection, caller, {
              forRule: false,
              superuser: su,
            }),
          ),
        );
      }
    } catch {
      return null;
    }
    return conds;
  }

  /**
   * A password/email change (tokenKey rotation) or deletion ends that record's sessions: its
   * realtime connections are closed. Kept open as a guest's, they would go quiet while the page
   * still believed itself signed in; closed, the client reconnects and, its token now refused,
   * learns that it must sign in again.
   */
  private updateAuth(event: RecordEvent): void {
    if (event.collection.type !== 'auth') return;
    for (const client of this.clients.values()) {
      const auth = client.auth;
      if (!auth || auth.collection.id !== event.collection.id || auth.record.id !== event.record.id) continue;
      if (event.action === 'delete' || event.record.tokenKey !== auth.record.tokenKey) {
        client.auth = null;
        client.close();
      } else client.auth = { ...auth, record: event.record };
    }
  }
}
