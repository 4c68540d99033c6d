/**
 * One team's routes under `/api/teams/{id}`, each declaring the least role it needs (the group's
 * guard checks it; handlers never do). Paths are relative to the group.
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { uploadLimits } from '../../../core/files/upload.js';
import { orderBody, teamInviteBody, teamRemindBody, teamTransferBody } from '@photoshoot/contract/bodies';
import { readBody } from '../../../apis/body.js';
import { readValidBody } from '../../../apis/valid-body.js';
import { callerOf } from '../../../apis/request-caller.js';
import { sendJson } from '../../../apis/respond.js';
import { checkoutJson } from '../../payments/payment-store.js';
import { quotePurchase } from '../../payments/quote-purchase.js';
import { startPurchase } from '../../payments/start-purchase.js';
import { zipStream } from '../../delivery/zip-stream.js';
import { handOverTeam } from '../hand-over.js';
import { createInvites } from '../invites.js';
import { overviewCsv, teamOverview } from '../member-overview.js';
import { remindMembers } from '../remind.js';
import { submitTeamPhotoshoot } from '../submit-photoshoot.js';
import { teamDownload } from '../team-download.js';
import { teamSummary } from '../team-summary.js';
import { teamSeatsPurchase } from '../team-seats-purchase.js';
import { createTestShoot } from '../test-shoot.js';
import { fileTokenAuth } from './file-token-auth.js';

type IdParams = { Params: { id: string } };
const ADMIN = { config: { teamRole: 'admin' as const } };
const OWNER = { config: { teamRole: 'owner' as const } };

export function bindTeamRoutes(team: FastifyInstance, app: App): void {
  const teams = app.registry.require('teams');
  const photoshoots = app.registry.require('photoshoots');

  team.get<IdParams>('/summary', async (req, reply) => {
    // The group's guard has set the role: every route here needs at least a member.
    return sendJson(req, reply, await teamSummary(app, req.params.id, req.teamRole!));
  });

  // The team's name, company, styles, lock, logo and brand backdrop (multipart for the files).
  team.patch<IdParams>('', ADMIN, async (req, reply) => {
    const { body, files } = await readBody(req, uploadLimits(teams, app.dataDir));
    const saved = await app.records.update(teams, callerOf(req), req.params.id, body, { files });
    return sendJson(req, reply, saved.json);
  });

  const { kind } = teamSeatsPurchase;
  team.post<IdParams>('/quote', ADMIN, async (req, reply) => {
    const order = await readValidBody(req, orderBody);
    return sendJson(req, reply, await quotePurchase(app, callerOf(req), kind, req.params.id, order));
  });

  team.post<IdParams>('/checkout', ADMIN, async (req, reply) => {
    const order = await readValidBody(req, orderBody);
    const caller = callerOf(req);
    const outcome = await startPurchase(app, caller, kind, req.params.id, order);
    return sendJson(req, reply, await checkoutJson(app, caller, outcome));
  });

  team.post<{ Params: { id: string; photoshootId: string } }>(
    '/photoshoots/:photoshootId/submit',
    async (req, reply) => {
      const caller = callerOf(req);
      const shoot = await submitTeamPhotoshoot(app, caller, req.params.id, req.params.photoshootId);
      return sendJson(req, reply, (await app.records.shape(photoshoots, [shoot], caller))[0]);
    },
  );

  team.post<IdParams>('/test-shoot', ADMIN, async (req, reply) => {
    const caller = callerOf(req);
    const shoot = await createTestShoot(app, caller, req.params.id);
    return sendJson(req, reply, (await app.records.shape(photoshoots, [shoot], caller))[0]);
  });

  team.post<IdParams>('/invites', ADMIN, async (req, reply) => {
    const body = await readValidBody(req, teamInviteBody);
    return sendJson(req, reply, { items: await createInvites(app, callerOf(req), req.params.id, body) });
  });

  team.post<IdParams>('/transfer', OWNER, async (req, reply) => {
    const { user } = await readValidBody(req, teamTransferBody);
    const saved = await handOverTeam(app, req.params.id, user);
    return sendJson(req, reply, (await app.records.shape(teams, [saved], callerOf(req)))[0]);
  });

  team.post<IdParams>('/remind', ADMIN, async (req, reply) => {
    const { members } = await readValidBody(req, teamRemindBody);
    return sendJson(req, reply, await remindMembers(app, req.params.id, members));
  });

  team.get<IdParams>('/members', ADMIN, async (req, reply) =>
    sendJson(req, reply, await teamOverview(app, req.params.id)),
  );

  team.get<IdParams>('/members.csv', { ...ADMIN, preValidation: fileTokenAuth(app) }, async (req, reply) => {
    const csv = overviewCsv(await teamOverview(app, req.params.id));
    return reply
      .code(200)
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="team-members.csv"')
      .header('Cache-Control', 'private, no-store')
      .send(csv);
  });

  // A plain link may carry a file token instead of the Authorization header (`?token=`).
  team.get<IdParams>('/download', { ...ADMIN, preValidation: fileTokenAuth(app) }, async (req, reply) => {
    const download = await teamDownload(app, req.params.id);
    const zip = zipStream(app.storage, download.entries);
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) zip.abort();
    });
    reply
      .code(200)
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${download.filename}"`)
      .header('Cache-Control', 'private, no-store');
    if (zip.size !== null) reply.header('Content-Length', String(zip.size));
    return reply.send(zip.stream);
  });
}
