import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '../../../lib/pb';
import type { Photoshoot } from '../../../shared/records';
import { keys } from '../../../shared/data/query-keys';

export type OrderChoice = { styles?: string[]; package?: string };

/** Saves the chosen styles and package on the draft photoshoot. */
export function useSaveOrder(photoshootId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: OrderChoice) =>
      pb.collection('photoshoots').update<Photoshoot>(photoshootId, choice),
    onSuccess: (record) => client.setQueryData(keys.photoshoot(photoshootId), record),
  });
}
