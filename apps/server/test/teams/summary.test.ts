/**
 * `GET /api/teams/{id}/summary` tells a member how many styles their photoshoot may have: the
 * team's latest paid package decides (members cannot read the team's payments themselves).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { packageId } from '../payments/support/world.js';
import { put } from '../support/records.js';
import { buildTeam, type Team } from './support.js';

type Summary = { id: string; role: string; stylesIncluded: number };

describe.each(engines)('the team summary (%s)', (engine) => {
  let t: TestServer;
  let team: Team;
  beforeAll(async () => {
    t = await startServer({ engine });
    team = await buildTeam(t);
  });
  afterAll(() => t?.close());

  const summary = () => team.member.pb.send<Summary>(`/api/teams/${team.id}/summary`, {});

  it('gives the default number of styles before any purchase, then the paid package’s', async () => {
    expect(await summary()).toMatchObject({ id: team.id, role: 'member', stylesIncluded: 3 });
    const pkg = await packageId(t, 'team-50');
    await put(t, 'payments', {
      user: team.owner.id,
      team: team.id,
      package: pkg,
      quantity: 1,
      provider: 'sandbox',
      amountCents: 149900,
      currency: 'usd',
      status: 'paid',
      paidAt: new Date().toISOString(),
    });
    expect((await summary()).stylesIncluded).toBe(4);
  });
});
