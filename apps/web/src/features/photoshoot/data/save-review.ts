import { pb } from '../../../lib/pb';
import type { Photoshoot } from '../../../shared/records';

/** The owner's verdict on a delivered photoshoot: 1 to 5 stars and an optional comment. */
export function saveReview(photoshootId: string, rating: number, reviewComment: string): Promise<Photoshoot> {
  return pb.collection('photoshoots').update<Photoshoot>(photoshootId, { rating, reviewComment });
}
