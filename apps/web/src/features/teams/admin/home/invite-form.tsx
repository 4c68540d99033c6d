import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toFormError } from '../../../../lib/errors';
import { Alert, Button, Card, SelectField, TextField } from '../../../../ui';
import { createInvites, type CreatedInvite, type InviteRequest } from '../../data/team-api';
import { CopyButton } from './copy-button';
import { endOfDay, inviteLink } from './invite-link';

type Restriction = 'anyone' | 'email' | 'domain';

/** Today as the date input's `YYYY-MM-DD`, local time: a link cannot expire before it is made. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Makes one shareable link, optionally for one address or one domain, with an expiry and a cap. */
export function InviteForm({ teamId, onCreated }: { teamId: string; onCreated: () => void }) {
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const [restriction, setRestriction] = useState<Restriction>('anyone');
  const [target, setTarget] = useState('');
  const [expires, setExpires] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [created, setCreated] = useState<CreatedInvite | null>(null);

  const create = useMutation({
    mutationFn: () => {
      const body: InviteRequest = { role };
      if (restriction === 'email') body.email = target.trim();
      if (restriction === 'domain') body.domain = target.trim().replace(/^@/, '');
      if (expires) body.expiresAt = endOfDay(expires);
      if (maxUses) body.maxUses = Number(maxUses);
      return createInvites(teamId, body);
    },
    onSuccess: (items) => {
      setCreated(items[0] ?? null);
      onCreated();
    },
  });
  const failure = create.isError ? toFormError(create.error) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setCreated(null);
    create.mutate();
  };

  return (
    <Card>
      <h3 className="text-lg font-semibold text-zinc-900">Make an invite link</h3>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Joins as"
            value={role}
            onChange={(e) => setRole(e.target.value as 'member' | 'admin')}
            options={[
              { value: 'member', label: 'Member' },
              { value: 'admin', label: 'Admin' },
            ]}
          />
          <SelectField
            label="Who can use it"
            value={restriction}
            onChange={(e) => {
              setRestriction(e.target.value as Restriction);
              setTarget('');
            }}
            options={[
              { value: 'anyone', label: 'Anyone with the link' },
              { value: 'email', label: 'One email address' },
              { value: 'domain', label: 'An email domain' },
            ]}
          />
        </div>
        {restriction !== 'anyone' ? (
          <TextField
            label={restriction === 'email' ? 'Email address' : 'Email domain'}
            type={restriction === 'email' ? 'email' : 'text'}
            placeholder={restriction === 'email' ? 'alex@acme.com' : 'acme.com'}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            error={failure?.fields.email || failure?.fields.domain}
            required
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Expires on"
            type="date"
            min={today()}
            optional
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
            error={failure?.fields.expiresAt}
          />
          <TextField
            label="Usage limit"
            type="number"
            inputMode="numeric"
            min={1}
            optional
            placeholder="No limit"
            value={maxUses}
            onChange={(e) => setMaxUses(e.target.value)}
            error={failure?.fields.maxUses}
          />
        </div>
        {failure &&
        !failure.fields.email &&
        !failure.fields.domain &&
        !failure.fields.expiresAt &&
        !failure.fields.maxUses ? (
          <Alert tone="error">{failure.message}</Alert>
        ) : null}
        <div>
          <Button
            type="submit"
            loading={create.isPending}
            disabled={restriction !== 'anyone' && !target.trim()}
          >
            Create link
          </Button>
        </div>
      </form>
      {created ? (
        <Alert tone="success" title="Your invite link is ready" className="mt-4">
          <p className="break-all font-mono text-xs" data-testid="new-invite-link">
            {inviteLink(created.token)}
          </p>
          <div className="mt-2">
            <CopyButton text={inviteLink(created.token)} />
          </div>
        </Alert>
      ) : null}
    </Card>
  );
}
