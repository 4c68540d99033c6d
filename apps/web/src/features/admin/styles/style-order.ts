/** The catalogue's display order as the back office edits it: a list of style ids. */

/**
 * `ids` with the one at `index` moved `delta` places (clamped to the list), or null when it cannot
 * move that way (first up, last down).
 */
export function moveId(ids: readonly string[], index: number, delta: number): string[] | null {
  const to = Math.max(0, Math.min(ids.length - 1, index + delta));
  if (index < 0 || index >= ids.length || to === index) return null;
  const next = [...ids];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** `items` put in the order of `ids` (items missing from `ids` keep their place after them). */
export function inOrder<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const rank = new Map(ids.map((id, i) => [id, i]));
  return [...items].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity));
}
