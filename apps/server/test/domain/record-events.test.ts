/**
 * Record events by collection and action: a listener hears only what it subscribed to, `onAny`
 * hears everything, unsubscribing stops both, and a failing listener does not keep the others
 * from hearing a committed change.
 */
import { describe, expect, it } from 'vitest';
import { RecordEvents, type RecordAction, type RecordEvent } from '../../src/core/records/record-events.js';
import type { CollectionDef } from '../../src/core/schema/collection.js';

const event = (collection: string, action: RecordAction): RecordEvent => ({
  action,
  collection: { name: collection } as CollectionDef,
  record: { id: `${collection}-${action}` },
});

const ALL: RecordEvent[] = ['photoshoots', 'payments'].flatMap((c) =>
  (['create', 'update', 'delete'] as const).map((a) => event(c, a)),
);

describe('record events', () => {
  it('calls a listener only for the collection and actions it names', () => {
    const events = new RecordEvents();
    const heard: Record<string, string[]> = { one: [], two: [], star: [], any: [] };
    events.on('photoshoots', 'update', (e) => heard.one!.push(String(e.record.id)));
    events.on('photoshoots', ['create', 'delete'], (e) => heard.two!.push(String(e.record.id)));
    events.on('payments', '*', (e) => heard.star!.push(String(e.record.id)));
    events.onAny((e) => heard.any!.push(String(e.record.id)));
    ALL.forEach((e) => events.emit(e));
    expect(heard).toEqual({
      one: ['photoshoots-update'],
      two: ['photoshoots-create', 'photoshoots-delete'],
      star: ['payments-create', 'payments-update', 'payments-delete'],
      any: ALL.map((e) => String(e.record.id)),
    });
  });

  it('stops calling a listener once unsubscribed, from every action it named', () => {
    const events = new RecordEvents();
    const heard: string[] = [];
    const off = events.on('photoshoots', ['create', 'update'], (e) => heard.push(e.action));
    const offAny = events.onAny((e) => heard.push(`any ${e.action}`));
    events.emit(event('photoshoots', 'create'));
    off();
    offAny();
    events.emit(event('photoshoots', 'update'));
    expect(heard).toEqual(['any create', 'create']);
  });

  it('still calls the other listeners when one throws', () => {
    const events = new RecordEvents();
    const heard: string[] = [];
    events.onAny(() => {
      throw new Error('listener bug');
    });
    events.on('photoshoots', 'update', () => {
      throw new Error('another');
    });
    events.on('photoshoots', 'update', (e) => heard.push(String(e.record.id)));
    expect(() => events.emit(event('photoshoots', 'update'))).not.toThrow();
    expect(heard).toEqual(['photoshoots-update']);
  });
});
