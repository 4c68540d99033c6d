import { fileUrl } from '../../../lib/file-url';

/**
 * A team logo as shown beside the team's name: the `240x80f` thumb (fitted inside, never
 * cropped), so a wide word mark such as "ACME" is not cut to its middle letters by a square crop.
 */
export const TEAM_LOGO_THUMB = '240x80f';
export const teamLogoClass =
  'h-10 w-auto max-w-[7.5rem] shrink-0 rounded-lg border border-zinc-200 bg-white object-contain p-0.5';

export function teamLogoUrl(team: { collectionId?: string; id: string }, logo: string): string {
  return fileUrl(team, logo, TEAM_LOGO_THUMB);
}
