import type { CollectionDef } from '../core/schema/collection.js';
import { superusers } from '../core/collections/superusers.js';
import { users } from '../core/collections/users.js';
import { externalAuths } from '../core/collections/external-auths.js';
import { profiles } from './photoshoots/collections/profiles.js';
import { teams } from './teams/collections/teams.js';
import { styles } from './catalog/collections/styles.js';
import { packages } from './catalog/collections/packages.js';
import { coupons } from './payments/collections/coupons.js';
import { teamMembers } from './teams/collections/team-members.js';
import { teamInvites } from './teams/collections/team-invites.js';
import { photoshoots } from './photoshoots/collections/photoshoots.js';
import { payments } from './payments/collections/payments.js';
import { originalPhotos } from './photoshoots/collections/original-photos.js';
import { results } from './photoshoots/collections/results.js';
import { photoshootEvents } from './photoshoots/collections/photoshoot-events.js';
import { contactMessages } from './contact/collections/contact-messages.js';

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
