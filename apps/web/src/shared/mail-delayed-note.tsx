/**
 * Said after asking for a mailed link while the server reports its mail delivery delayed. True of
 * what the server does: a queued link whose lifetime runs out before it can be sent is dropped.
 */
export function MailDelayedNote() {
  return (
    <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
      Email delivery is delayed right now, so the link may arrive late. A link that expires before it can be
      sent is not sent at all: if none arrives, ask for a new one a little later.
    </p>
  );
}
