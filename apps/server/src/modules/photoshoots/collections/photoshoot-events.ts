import { defineCollection } from '../../../core/schema/collection.js';
import { f } from '../../../core/schema/fields.js';
import { ACTOR_KINDS } from '../../../core/records/actor.js';
import { PHOTOSHOOT_STATUSES } from '../statuses.js';
import { all, AUTHED } from '../../../core/schema/rule-parts.js';

const OWNER = all(AUTHED, 'photoshoot.user = @request.auth.id');

/**
 * The transition log of photoshoots: who moved which photoshoot from what to what, when, and why,
 * so support can answer "what happened to my order". Written only by the lifecycle; `fromStatus`
 * is empty for the creation entry. The owner reads the kind of actor, not operators' ids.
 */
export const photoshootEvents = defineCollection({
  name: 'photoshoot_events',
  fields: [
    f.relation('photoshoot', 'photoshoots', { required: true, cascadeDelete: true }),
    f.select('fromStatus', [...PHOTOSHOOT_STATUSES]),
    f.select('toStatus', [...PHOTOSHOOT_STATUSES], { required: true }),
    f.select('actorKind', [...ACTOR_KINDS], { required: true }),
    f.text('actorId', { max: 50, hidden: true }),
    f.text('reason', { max: 500 }),
  ],
  indexes: [{ name: 'idx_photoshoot_events_photoshoot', columns: ['photoshoot', 'created'] }],
  listRule: OWNER,
  viewRule: OWNER,
});
