/** Installs the photoshoot domain's record hooks (state-dependent edits, limits, server-filled values). */
import type { RecordHooks } from '../../core/records/record-hooks.js';
import { registerContactHooks } from '../contact/contact-hooks.js';
import { registerPhotoHooks } from './photo-hooks.js';
import { registerPhotoshootHooks } from './photoshoot-hooks.js';
import { registerResultHooks } from './result-hooks.js';
import { registerTeamHooks } from '../teams/team-hooks.js';

export function registerDomainHooks(hooks: RecordHooks): void {
  registerPhotoshootHooks(hooks);
  registerPhotoHooks(hooks);
  registerResultHooks(hooks);
  registerTeamHooks(hooks);
  registerContactHooks(hooks);
}
