/** A contact message starts as `new` and remembers the signed-in sender, if any. */
import type { RecordHookEvent, RecordHooks } from '../../core/records/record-hooks.js';

async function beforeCreate(e: RecordHookEvent): Promise<void> {
  if (!e.record.status) e.record.status = 'new';
  if (!e.record.user && e.caller.auth?.collection.name === 'users') e.record.user = e.caller.auth.record.id;
}

export function registerContactHooks(hooks: RecordHooks): void {
  hooks.on('beforeCreate', 'contact_messages', beforeCreate);
}
