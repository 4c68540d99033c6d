import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamsRecord } from '@photoshoot/contract';
import { pb } from '../../../lib/pb';
import type { Photoshoot } from '../../../shared/records';
import { keys } from '../../../shared/data/query-keys';
import { useSubscription } from '../../../lib/use-subscription';

/** What a member's styles step needs of the team: its look and how many styles the package allows. */
export type TeamOrder = { team: TeamsRecord; stylesIncluded: number };

const seg = encodeURIComponent;

async function fetchTeamOrder(teamId: string): Promise<TeamOrder> {
  const [team, summary] = await Promise.all([
    pb.collection('teams').getOne<TeamsRecord>(teamId),
    pb.send<{ stylesIncluded: number }>(`/api/teams/${seg(teamId)}/summary`, {}),
  ]);
  return { team, stylesIncluded: summary.stylesIncluded };
}

export const teamOrderQuery = (teamId: string) =>
  queryOptions({ queryKey: ['team-order', teamId], queryFn: () => fetchTeamOrder(teamId) });

/** Kept live: a seat bought by the admin (or taken by a colleague) shows without a reload. */
export function useTeamOrder(teamId: string) {
  const client = useQueryClient();
  const query = useQuery(teamOrderQuery(teamId));
  const refresh = () =>
    void client.invalidateQueries({ queryKey: teamOrderQuery(teamId).queryKey, exact: true });
  useSubscription<TeamsRecord>('teams', teamId, undefined, refresh, refresh, query.isSuccess);
  return query;
}

/**
 * Submits the member's draft on one of the team's seats (no payment): the server takes the seat
 * and queues the photoshoot in one transaction, or refuses in words when no seat is free.
 */
export function useSubmitOnSeat(teamId: string, photoshootId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      pb.send<Photoshoot>(`/api/teams/${seg(teamId)}/photoshoots/${seg(photoshootId)}/submit`, {
        method: 'POST',
      }),
    onSuccess: (record) => client.setQueryData(keys.photoshoot(photoshootId), record),
  });
}
