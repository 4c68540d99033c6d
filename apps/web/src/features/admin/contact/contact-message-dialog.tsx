import type { ContactMessagesRecord } from '@photoshoot/contract';
import { buttonClasses } from '../../../ui/button';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { formatDateTime } from '../components/format';
import { ContactStatusBadge } from './contact-status';
import { contactTopicLabel } from '../../../shared/contact-topics';

/** One message in full, with the ways to deal with it: reply by mail, mark handled or spam. */
export function ContactMessageDialog({
  message,
  onClose,
  onStatus,
  pending,
}: {
  message: ContactMessagesRecord | null;
  onClose: () => void;
  onStatus: (m: ContactMessagesRecord, status: ContactMessagesRecord['status']) => void;
  pending: boolean;
}) {
  const m = message;
  return (
    <Dialog
      open={!!m}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={m ? `Message from ${m.name}` : ''}
      description={
        m
          ? `${m.email} · ${formatDateTime(m.created)}${m.topic ? ` · ${contactTopicLabel(m.topic)}` : ''}`
          : ''
      }
    >
      {m ? (
        <>
          <ContactStatusBadge status={m.status} />
          <p className="mt-3 max-h-80 overflow-y-auto whitespace-pre-wrap break-words rounded-xl bg-zinc-50 p-4 text-sm text-zinc-800">
            {m.message}
          </p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {m.status !== 'spam' ? (
              <Button variant="ghost" disabled={pending} onClick={() => onStatus(m, 'spam')}>
                Mark as spam
              </Button>
            ) : null}
            <a
              className={buttonClasses('secondary', 'md')}
              href={`mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent('Re: your message to Photoshoot')}`}
            >
              Reply by email
            </a>
            {m.status === 'answered' ? (
              <Button variant="secondary" loading={pending} onClick={() => onStatus(m, 'new')}>
                Mark as new
              </Button>
            ) : (
              <Button loading={pending} onClick={() => onStatus(m, 'answered')}>
                Mark handled
              </Button>
            )}
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
