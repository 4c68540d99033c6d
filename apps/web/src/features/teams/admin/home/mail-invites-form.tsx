import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toFormError } from '../../../../lib/errors';
import { Alert, Button, Card, TextAreaField } from '../../../../ui';
import { createInvites } from '../../data/team-api';

/** Addresses typed or pasted one per line, or separated by commas, spaces or semicolons. */
export function parseAddresses(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** Mails a one-person, single-use invite link to each address of a list. */
export function MailInvitesForm({ teamId, onSent }: { teamId: string; onSent: () => void }) {
  const [text, setText] = useState('');
  const [sent, setSent] = useState(0);
  const emails = parseAddresses(text);
  const send = useMutation({
    mutationFn: () => createInvites(teamId, { role: 'member', emails }),
    onSuccess: (items) => {
      setSent(items.length);
      setText('');
      onSent();
    },
  });
  const failure = send.isError ? toFormError(send.error) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(0);
    send.mutate();
  };
  return (
    <Card>
      <h3 className="text-lg font-semibold text-zinc-900">Email invitations</h3>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
        <TextAreaField
          label="Email addresses"
          description="One per line, or separated by commas. Each person gets their own link, usable once."
          rows={5}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={failure?.fields.emails}
        />
        {failure && !failure.fields.emails ? <Alert tone="error">{failure.message}</Alert> : null}
        {sent ? (
          <Alert tone="success">{sent === 1 ? 'One invitation sent.' : `${sent} invitations sent.`}</Alert>
        ) : null}
        <div>
          <Button type="submit" loading={send.isPending} disabled={!emails.length}>
            {emails.length > 1 ? `Send ${emails.length} invitations` : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
