/**
 * Profiles of the people photographed (hair, eyes, age range…), which hosted generation adds to
 * its prompts: made on the account's profile page, chosen on the flow's styles step.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ProfilesRecord } from '@photoshoot/contract';
import { FULL_LIST_BATCH, pb } from '../../lib/pb';
import type { Photoshoot } from '../records';
import { keys } from './query-keys';

export type ProfileChoice = Pick<ProfilesRecord, 'id' | 'name'>;

/** The signed-in user's profiles by name (the list rule shows only one's own). */
export const myProfilesQuery = queryOptions({
  queryKey: keys.profiles,
  queryFn: () =>
    pb
      .collection('profiles')
      .getFullList<ProfileChoice>({ sort: 'name', fields: 'id,name', batch: FULL_LIST_BATCH }),
});

/** A new profile as the form holds it; the server checks the choices (gender, age range). */
export type NewProfile = Pick<ProfilesRecord, 'user' | 'name' | 'hair' | 'eyes' | 'glasses' | 'notes'> & {
  gender: string;
  ageRange: string;
};

export function createProfile(values: NewProfile) {
  return pb.collection('profiles').create(values);
}

/** Chooses whom a draft photoshoot portrays ('' for nobody described). */
export function chooseProfile(photoshootId: string, profile: string): Promise<Photoshoot> {
  return pb.collection('photoshoots').update<Photoshoot>(photoshootId, { profile });
}
