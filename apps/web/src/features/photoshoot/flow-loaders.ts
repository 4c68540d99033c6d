import { ensure, load } from '../../lib/ensure-queries';
import { packagesQuery, stylesQuery } from '../../shared/data/catalog-api';
import { photoshootQuery } from '../../shared/data/photoshoot-api';
import { photosQuery } from './data/use-photos';
import { resultsQuery } from './data/use-results';
import type { pages } from './pages';

/**
 * The flow steps' route loaders, by the photoshoot in the path: what each page reads first is
 * read before it paints. A failed read (a guest, someone else's photoshoot) is left to the page.
 */
export const flowLoaders: Partial<Record<keyof typeof pages, (photoshootId: string) => Promise<void>>> = {
  upload: (id) => ensure(load(photoshootQuery(id)), load(photosQuery(id))),
  styles: (id) => ensure(load(photoshootQuery(id)), load(stylesQuery)),
  payment: (id) =>
    ensure(
      load(photoshootQuery(id)),
      load(packagesQuery('individual')),
      load(stylesQuery),
      load(photosQuery(id)),
    ),
  paymentReturn: (id) => ensure(load(photoshootQuery(id))),
  processing: (id) => ensure(load(photoshootQuery(id)), load(packagesQuery('individual'))),
  results: (id) => ensure(load(photoshootQuery(id)), load(resultsQuery(id)), load(stylesQuery)),
  review: (id) => ensure(load(photoshootQuery(id)), load(resultsQuery(id)), load(stylesQuery)),
};
