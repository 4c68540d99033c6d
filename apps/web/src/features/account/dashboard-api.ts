import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { FULL_LIST_BATCH, PAGE_SIZE, pb } from '../../lib/pb';

export type PhotoshootSummary = RecordModel & {
  title: string;
  status: string;
  progress: number;
  team: string;
  created: string;
  updated: string;
  expand?: { package?: RecordModel & { name: string } };
};

export type Membership = RecordModel & {
  role: 'owner' | 'admin' | 'member';
  team: string;
  expand?: { team?: RecordModel & { name: string; company: string; seatsTotal: number; seatsUsed: number } };
};

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

/** Starts a draft photoshoot owned by the user. */
export function createDraft(userId: string, title: string) {
  return pb.collection('photoshoots').create<PhotoshootSummary>({ user: userId, title });
}
