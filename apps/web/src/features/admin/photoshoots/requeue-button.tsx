import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useToast } from '../../../ui/use-toast';
import { requeuePhotoshoot } from '../data/admin-actions';
import { adminKeys } from '../data/admin-keys';

/** Puts a failed photoshoot back in the queue, after saying what that does. */
export function RequeueButton({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const toast = useToast();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Requeue
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Requeue this photoshoot?"
        description="It goes back to the queue with a fresh set of attempts; the worker makes whatever results are missing. The customer is not charged again."
        confirmLabel="Requeue"
        onConfirm={async () => {
          await requeuePhotoshoot(id);
          await client.invalidateQueries({ queryKey: adminKeys.photoshootAll(id) });
          toast.success('Photoshoot requeued.');
        }}
      />
    </>
  );
}
