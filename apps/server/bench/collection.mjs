/**
 * The bench-only `posts` collection, shared by the setup (parent) and our server (child), plus the
 * exact request parameters both targets are asked for.
 */
import { defineCollection } from '../dist/core/schema/collection.js';
import { f } from '../dist/core/schema/fields.js';

/** The definition, built with a given build's schema functions (core-path.mjs loads two builds). */
export const postsWith = (defineCollection, f) =>
  defineCollection({
    name: 'bench_posts',
    fields: [
      f.text('title', { max: 255 }),
      f.number('score'),
      f.bool('published'),
      f.relation('author', 'users'),
    ],
    // Serves `published = 1 AND score > X ORDER BY score DESC, id DESC LIMIT 30` as one backward
    // index range scan (no sort step), and the COUNT(*) as a covering-index range scan.
    indexes: [{ name: 'idx_bench_posts_published_score_id', columns: ['published', 'score', 'id'] }],
    listRule: "@request.auth.id != ''",
    viewRule: 'author = @request.auth.id',
    createRule: null,
    updateRule: null,
    deleteRule: null,
  });

export const posts = postsWith(defineCollection, f);

export const ROWS = 100_000;
export const PER_PAGE = 30;
/** Score is uniform in [0, 1000); about half the rows are published → ~25,000 rows match. */
export const LIST_FILTER = 'score > 500 && published = true';
export const LIST_SORT = '-score,-id';
