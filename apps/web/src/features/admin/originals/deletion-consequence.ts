/**
 * What deleting one upload does to its photoshoot, said before the operator confirms. The file is
 * gone for good either way; what changes is what the photoshoot can still be made from.
 */
export function deletionConsequence(status: string): string {
  const gone = 'The photo and its file are deleted for good.';
  switch (status) {
    case 'draft':
    case 'pending_payment':
      return `${gone} It disappears from the customer's upload page; if fewer accepted photos than the minimum remain, they must add another before checking out.`;
    case 'queued':
    case 'processing':
      return `${gone} The photoshoot is made from its remaining accepted photos; if none is left, processing fails and the photoshoot shows as failed.`;
    case '':
      return gone;
    default:
      return `${gone} Results already made are kept; redos and regenerations use the remaining accepted photos.`;
  }
}
