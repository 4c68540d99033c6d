/** "a, b and c" for messages that name a few ids (long lists are cut). */
export function idsForMessage(ids: readonly string[], max = 5): string {
  const shown = ids.slice(0, max);
  const more = ids.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
