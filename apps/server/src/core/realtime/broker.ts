/**
 * The realtime broker: SSE clients by id, and delivery of committed record changes to every
 * subscription whose rule (list rule for `/*`, view rule for `/id`) and filter allow it, serialised
 * as that subscriber would see the record over the REST API.
 */
import type { App } from '../app.js';
import { isSuperuser, type Caller } from '../records/caller.js';
import { checkClientExpression } from '../records/list.js';
import { filterContext, valuesMatchRule } from '../records/rules.js';
import type { RecordEvent } from '../records/record-events.js';
import { compileFilter } from '../../tools/filter/compile.js';
import { pickFields } from '../../tools/picker.js';
import type { RealtimeClient } from './client.js';
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
    const work: Promise<void>[] = [];
    for (const client of this.clients.values()) {
      for (const topic of client.subscriptions.values()) {
        if (topic.collection?.id !== event.collection.id) continue;
        if (topic.recordId !== null && topic.recordId !== event.record.id) continue;
        work.push(this.deliver(client, topic, event).catch(() => undefined));
      }
    }
    await Promise.all(work);
  }

  private async deliver(client: RealtimeClient, topic: Topic, event: RecordEvent): Promise<void> {
    const { collection, record } = event;
    const caller: Caller = {
      auth: client.auth,
      method: 'GET',
      headers: topic.headers,
      query: topic.query,
      context: 'realtime',
    };
    const su = isSuperuser(caller);
    const rule = topic.recordId !== null ? collection.viewRule : collection.listRule;
    if (!su && rule === null) return;
    const filter = topic.query.filter;
    let extra: { sql: string; params: unknown[] } | null = null;
    if (filter && filter.trim() !== '') {
      checkClientExpression(filter, caller);
      extra = compileFilter(
        filter,
        filterContext(this.app.db, this.app.registry, collection, caller, { forRule: false, superuser: su }),
      );
    }
    if (
      !(await valuesMatchRule(
        this.app.db,
        this.app.registry,
        collection,
        su ? '' : rule!,
        caller,
        record,
        extra,
      ))
    )
      return;
    const [json] = await this.app.records.shape(collection, [record], caller, { expand: topic.query.expand });
    client.send(topic.raw, { action: event.action, record: pickFields(json, topic.query.fields) });
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
