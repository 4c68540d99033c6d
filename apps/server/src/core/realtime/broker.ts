/**
 * The realtime broker: SSE clients by id, and delivery of committed record changes to every
 * subscription whose rule (list rule for `/*`, view rule for `/id`) and filter allow it, serialised
 * as that subscriber would see the record over the REST API. Subscribers that would get the same
 * answer share the rule check and the serialised message (dispatch-memo.ts).
 */
import type { App } from '../app.js';
import { isSuperuser, type Caller } from '../records/caller.js';
import { checkClientExpression } from '../records/list.js';
import { filterContext, valuesMatchRule } from '../records/rules.js';
import type { RecordEvent } from '../records/record-events.js';
import { compileFilter } from '../filter/compile.js';
import { pickFields } from '../../tools/picker.js';
import type { RealtimeClient } from './client.js';
import { DispatchMemo } from './dispatch-memo.js';
import type { Topic } from './topic.js';

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

  /** Delivers `event` to every allowed subscription; never throws. */
  async dispatch(event: RecordEvent): Promise<void> {
    this.updateAuth(event);
    const memo = new DispatchMemo(event);
    const work: Promise<void>[] = [];
    for (const client of this.clients.values()) {
      for (const topic of client.subscriptions.values()) {
        if (topic.collection?.id !== event.collection.id) continue;
        if (topic.recordId !== null && topic.recordId !== event.record.id) continue;
        work.push(this.deliver(client, topic, event, memo).catch(() => undefined));
      }
    }
    await Promise.all(work);
  }

  private async deliver(
    client: RealtimeClient,
    topic: Topic,
    event: RecordEvent,
    memo: DispatchMemo,
  ): Promise<void> {
    const caller: Caller = {
      auth: client.auth,
      method: 'GET',
      headers: topic.headers,
      query: topic.query,
      context: 'realtime',
    };
    const su = isSuperuser(caller);
    if (!(await memo.allowed(client.auth, topic, () => this.allowed(caller, topic, event)))) return;
    const json = await memo.body(su, topic, async () => {
      const [record] = await this.app.records.shape(event.collection, [event.record], caller, {
        expand: topic.query.expand,
      });
      return JSON.stringify({ action: event.action, record: pickFields(record, topic.query.fields) });
    });
    client.sendSerialized(topic.raw, json);
  }

  /** The rule of the topic (list rule for `/*`, view rule for `/id`) and its filter, for this event. */
  private async allowed(caller: Caller, topic: Topic, event: RecordEvent): Promise<boolean> {
    const { collection, record } = event;
    const su = isSuperuser(caller);
    const rule = topic.recordId !== null ? collection.viewRule : collection.listRule;
    if (!su && rule === null) return false;
    const filter = topic.query.filter;
    let extra: { sql: string; params: unknown[] } | null = null;
    if (filter && filter.trim() !== '') {
      checkClientExpression(filter, caller);
      extra = compileFilter(
        filter,
        filterContext(this.app.db, this.app.registry, collection, caller, { forRule: false, superuser: su }),
      );
    }
    return valuesMatchRule(
      this.app.db,
      this.app.registry,
      collection,
      su ? '' : rule!,
      caller,
      record,
      extra,
    );
  }

  /** A password/email change (tokenKey rotation) or deletion drops the realtime auth of that record. */
  private updateAuth(event: RecordEvent): void {
    if (event.collection.type !== 'auth') return;
    for (const client of this.clients.values()) {
      const auth = client.auth;
      if (!auth || auth.collection.id !== event.collection.id || auth.record.id !== event.record.id) continue;
      if (event.action === 'delete' || event.record.tokenKey !== auth.record.tokenKey) client.auth = null;
      else client.auth = { ...auth, record: event.record };
    }
  }
}
