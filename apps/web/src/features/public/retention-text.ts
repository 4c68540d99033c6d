/** "30 days after delivery" / "until you delete them" for a retention setting (0 keeps forever). */
export function retentionPhrase(days: number | undefined): string {
  if (days === undefined) return 'for the period set by the operator';
  if (days <= 0) return 'until you delete them or your account';
  return `${days} day${days === 1 ? '' : 's'} after your portraits are delivered`;
}
