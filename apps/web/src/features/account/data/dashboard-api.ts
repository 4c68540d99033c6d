import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { PackagesRecord, PhotoshootsRecord, TeamMembersRecord, TeamsRecord } from '@photoshoot/contract';
import { FULL_LIST_BATCH, PAGE_SIZE, pb } from '../../../lib/pb';

/** The dashboard's slice of a photoshoot (`fields=` below asks for exactly these). */
export type PhotoshootSummary = Pick<
  PhotoshootsRecord<{ package?: Pick<PackagesRecord, 'name'> }>,
  | 'id'
  | 'collectionId'
  | 'collectionName'
  | 'title'
  | 'status'
  | 'progress'
  | 'team'
  | 'created'
  | 'updated'
  | 'expand'
>;

export type Membership = TeamMembersRecord<{
  team?: Pick<TeamsRecord, 'id' | 'name' | 'company' | 'seatsTotal' | 'seatsUsed'>;
}>;

/** The user's own photoshoots, newest first, 30 per page. */
export const myPhotoshootsQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ['photoshoots', 'mine', userId],
    queryFn: ({ pageParam }) =>
      pb.collection('photoshoots').getList<PhotoshootSummary>(pageParam, PAGE_SIZE, {
        filter: pb.filter('user = {:user}', { user: userId }),
        sort: '-created',
        expand: 'package',
        fields:
          'id,collectionId,collectionName,title,status,progress,team,created,updated,expand.package.name',
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });

/** The teams the user belongs to (memberships with their team). */
export const myTeamsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['team_members', 'mine', userId],
    queryFn: () =>
      pb.collection('team_members').getFullList<Membership>({
        batch: FULL_LIST_BATCH,
        filter: pb.filter('user = {:user}', { user: userId }),
        expand: 'team',
        sort: 'created',
      }),
  });

export { createDraft } from '../../../shared/data/photoshoot-api';
