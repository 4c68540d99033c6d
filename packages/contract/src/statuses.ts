/**
 * The named unions of the lifecycle fields, derived from the select values the server declares
 * (records.gen.ts), so a new status on the server reaches the web app's types without a copy.
 */
import { SELECT_VALUES } from './records.gen.js';

type Values<T extends readonly string[]> = T[number];

export const PHOTOSHOOT_STATUSES = SELECT_VALUES.photoshoots.status;
export type PhotoshootStatus = Values<typeof PHOTOSHOOT_STATUSES>;

export const PAYMENT_STATUSES = SELECT_VALUES.payments.status;
export type PaymentStatus = Values<typeof PAYMENT_STATUSES>;
export type PaymentProvider = Values<typeof SELECT_VALUES.payments.provider>;

/** Upload checks of an original photo. */
export type QcStatus = Values<typeof SELECT_VALUES.original_photos.qc>;

export type TeamRole = Values<typeof SELECT_VALUES.team_members.role>;
export type TeamInviteRole = Values<typeof SELECT_VALUES.team_invites.role>;

export type ActorKind = Values<typeof SELECT_VALUES.photoshoot_events.actorKind>;

export const STYLE_CATEGORIES = SELECT_VALUES.styles.category;
export type StyleCategory = Values<typeof STYLE_CATEGORIES>;
export type PackageKind = Values<typeof SELECT_VALUES.packages.kind>;
