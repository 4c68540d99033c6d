import { defineCollection } from '../../../core/schema/collection.js';
import { f } from '../../../core/schema/fields.js';
import { PHOTOSHOOT_STATUSES } from '../statuses.js';
import { all, AUTHED, unchanged } from '../../../core/schema/rule-parts.js';
import { adminOf, memberOf } from '../team-rules.js';

const OWNER = all(AUTHED, 'user = @request.auth.id');
const OWNER_OR_TEAM_ADMIN = all(AUTHED, `user = @request.auth.id || (team != '' && ${adminOf('team')})`);

// A profile must be the caller's own; a package must be an active individual one.
const OWN_PROFILE = "profile = '' || profile.user = @request.auth.id";
const INDIVIDUAL_PACKAGE = "package = '' || (package.active = true && package.kind = 'individual')";
const BODY_PROFILE =
  "@request.body.profile:isset = false || @request.body.profile = '' || @request.body.profile.user = @request.auth.id";
const BODY_PACKAGE =
  "@request.body.package:isset = false || @request.body.package = '' || " +
  "(@request.body.package.active = true && @request.body.package.kind = 'individual')";

/**
 * One order: the person's photos, the chosen styles and package, the money, and the progress of
 * the work. Owners create drafts (team members may create them for their team) and edit only what
 * the current state allows (the photoshoot hooks say so with a 400); everything the server
 * decides is `system`. Team owners and admins read their team's photoshoots.
 */
export const photoshoots = defineCollection({
  name: 'photoshoots',
  fields: [
    f.relation('user', 'users', { required: true, cascadeDelete: true }),
    f.relation('team', 'teams'),
    f.bool('isTest', { system: true }),
    f.relation('profile', 'profiles'),
    f.text('title', { max: 200 }),
    f.select('status', [...PHOTOSHOOT_STATUSES], { system: true }),
    f.relation('package', 'packages'),
    f.relation('styles', 'styles', { maxSelect: 12 }),
    // Money: written by checkout from the package and the coupon, never by the buyer.
    f.relation('coupon', 'coupons', { system: true }),
    f.number('priceCents', { onlyInt: true, min: 0, system: true }),
    f.number('discountCents', { onlyInt: true, min: 0, system: true }),
    f.number('amountDueCents', { onlyInt: true, min: 0, system: true }),
    f.text('currency', { max: 3, system: true }),
    f.relation('payment', 'payments', { system: true }),
    f.bool('seatUsed', { system: true }),
    // Work: written by the worker.
    f.number('progress', { min: 0, max: 100, system: true }),
    f.text('stage', { max: 100, system: true }),
    f.text('error', { max: 2000, system: true }),
    f.number('attempts', { onlyInt: true, min: 0, system: true }),
    f.text('leaseOwner', { max: 100, hidden: true, system: true }),
    f.date('leaseExpiresAt', { hidden: true, system: true }),
    f.date('queuedAt', { system: true }),
    f.date('startedAt', { system: true }),
    f.date('completedAt', { system: true }),
    f.date('releasedAt', { system: true }),
    f.number('redoCount', { onlyInt: true, min: 0, system: true }),
    // The owner's verdict, once the results are released.
    f.number('rating', { onlyInt: true, min: 0, max: 5 }),
    f.text('reviewComment', { max: 2000 }),
  ],
  indexes: [
    { name: 'idx_photoshoots_user', columns: ['user'] },
    { name: 'idx_photoshoots_team', columns: ['team'] },
    { name: 'idx_photoshoots_status', columns: ['status', 'queuedAt'] },
  ],
  listRule: OWNER_OR_TEAM_ADMIN,
  viewRule: OWNER_OR_TEAM_ADMIN,
  createRule: all(OWNER, `team = '' || (${memberOf('team')})`, OWN_PROFILE, INDIVIDUAL_PACKAGE),
  updateRule: all(OWNER, unchanged('user', 'team'), BODY_PROFILE, BODY_PACKAGE),
  deleteRule: all(OWNER, "status = 'draft'"),
});
