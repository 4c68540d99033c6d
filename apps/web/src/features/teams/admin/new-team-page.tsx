import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { toFormError } from '../../../lib/errors';
import { useTitle } from '../../../lib/use-title';
import { Alert, Button, buttonClasses, Card, PageHeader, TextField } from '../../../ui';
import { createTeam } from '../data/team-api';
import { teamKeys } from '../data/team-queries';

/** /teams/new: name the team; the creator becomes its owner and goes on to buy seats. */
export function NewTeamPage() {
  useTitle('Create a team');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [company, setCompany] = useState('');
  const create = useMutation({
    mutationFn: () => createTeam({ name: name.trim(), company: company.trim() }),
    onSuccess: async (team) => {
      await client.invalidateQueries({ queryKey: teamKeys.mine });
      await navigate({ to: '/teams/$id/team-packages', params: { id: team.id } });
    },
  });
  const failure = create.isError ? toFormError(create.error) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <>
      <PageHeader
        eyebrow="Teams"
        title="Create a team"
        description="You become the team’s owner. Next you buy seats, pick the team’s look and invite your colleagues."
      />
      <Card className="max-w-xl">
        <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
          <TextField
            label="Team name"
            name="name"
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={failure?.fields.name}
            description="Your colleagues see it on their invitation, e.g. “Acme sales team”."
            autoFocus
          />
          <TextField
            label="Company"
            name="company"
            optional
            maxLength={200}
            value={company}
            onChange={(e) => setCompany(e.target.value)}
            error={failure?.fields.company}
          />
          {failure && !Object.keys(failure.fields).length ? (
            <Alert tone="error">{failure.message}</Alert>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              Create the team
            </Button>
            <Link to="/teams" className={buttonClasses('ghost')}>
              Cancel
            </Link>
          </div>
        </form>
      </Card>
    </>
  );
}
