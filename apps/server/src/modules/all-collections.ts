import type { CollectionDef } from '../core/schema/collection.js';
import { superusers } from './superusers.js';
import { users } from './users.js';
import { externalAuths } from './external-auths.js';
import { profiles } from './profiles.js';
import { teams } from './teams.js';
import { styles } from './styles.js';
import { packages } from './packages.js';
import { coupons } from './coupons.js';
import { teamMembers } from './team-members.js';
import { teamInvites } from './team-invites.js';
import { photoshoots } from './photoshoots.js';
import { payments } from './payments.js';
import { originalPhotos } from './original-photos.js';
import { results } from './results.js';
import { photoshootEvents } from './photoshoot-events.js';
import { contactMessages } from './contact-messages.js';

/**
 * The photoshoot domain (DESIGN §5), in dependency order. Two pairs point at each other on
 * purpose (teams ⇄ styles: a team's chosen styles and a team's custom style; photoshoots ⇄
 * payments): relations are resolved through the registry at run time, so order only matters for
 * readability and for the migration that creates the tables.
 */
export const domainCollections: CollectionDef[] = [
  profiles,
  teams,
  styles,
  packages,
  coupons,
  teamMembers,
  teamInvites,
  photoshoots,
  payments,
  originalPhotos,
  results,
  photoshootEvents,
  contactMessages,
];

/** Every product collection, in dependency order (relations point backwards). */
export const productCollections: CollectionDef[] = [superusers, users, externalAuths, ...domainCollections];
