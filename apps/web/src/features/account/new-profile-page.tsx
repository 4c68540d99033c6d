import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { NO_FORM_ERROR, toFormError } from '../../lib/errors';
import { useFormFields } from '../../lib/use-form-fields';
import { useTitle } from '../../lib/use-title';
import {
  Alert,
  Button,
  buttonClasses,
  Card,
  PageHeader,
  SelectField,
  TextAreaField,
  TextField,
} from '../../ui';
import { useAuth } from '../../lib/use-auth';
import { chooseProfile, createProfile } from '../../shared/data/profiles-api';
import { keys } from '../../shared/data/query-keys';
import { flowPath, photoshootFlowBase } from '../../shared/flow-paths';

const GENDERS = [
  { value: '', label: 'Prefer not to say' },
  { value: 'female', label: 'Woman' },
  { value: 'male', label: 'Man' },
  { value: 'non_binary', label: 'Non-binary' },
  { value: 'unspecified', label: 'Other / unspecified' },
];
const AGES = [
  { value: '', label: 'Prefer not to say' },
  ...['18-24', '25-34', '35-44', '45-54', '55-64', '65+'].map((v) => ({ value: v, label: v })),
];

/** /profiles/new: describes the person photographed; generation uses it to get them right. */
export function NewProfilePage() {
  useTitle('Describe the person photographed');
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { photoshoot, team } = useSearch({ from: '/app/profiles/new' });
  // The styles step it was opened from, in that photoshoot's own flow (a team's stays a team's).
  const back = photoshoot ? flowPath(photoshootFlowBase({ id: photoshoot, team }), 'styles') : undefined;
  const { values, setValues, error, setError, field } = useFormFields({
    name: user?.name ?? '',
    gender: '',
    ageRange: '',
    hair: '',
    eyes: '',
    glasses: false,
    notes: '',
  });
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!values.name.trim()) {
      setError({ message: '', fields: { name: 'Please give this profile a name.' } });
      return;
    }
    setBusy(true);
    setError(NO_FORM_ERROR);
    try {
      const record = await createProfile({ ...values, name: values.name.trim(), user: user!.id });
      if (photoshoot) {
        // Made from the flow: choose the person for that photoshoot and go back to it.
        const updated = await chooseProfile(photoshoot, record.id);
        // The flow's cached profile list and photoshoot predate this: fetch them again.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: keys.profiles }),
          queryClient.invalidateQueries({ queryKey: keys.photoshoot(photoshoot) }),
        ]);
        void navigate({
          href: flowPath(photoshootFlowBase({ id: photoshoot, team: updated.team }), 'styles'),
        });
        return;
      }
      setCreated(record.id);
    } catch (err) {
      setError(toFormError(err, 'The profile could not be saved.'));
    }
    setBusy(false);
  }

  if (created) {
    return (
      <div className="mx-auto max-w-2xl">
        <PageHeader title="Profile saved" />
        <Alert tone="success">
          “{values.name}” is saved. Choose it under “Who is in the photos?” on the styles step of a
          photoshoot.
        </Alert>
        <Link to="/dashboard" className={buttonClasses('primary', 'md', 'mt-6')}>
          Back to the dashboard
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Describe the person photographed"
        description="These details help us generate portraits that look like them. Everything is optional except the name, and only you can see it."
      />
      <Card className="p-6 sm:p-8">
        <form
          onSubmit={submit}
          noValidate
          className="flex flex-col gap-5"
          aria-label="Profile of the person photographed"
        >
          {error.message ? <Alert tone="error">{error.message}</Alert> : null}
          <TextField
            label="Name"
            required
            {...field('name')}
            description="For example “Me” or the person’s first name."
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField label="Gender" {...field('gender')} options={GENDERS} />
            <SelectField label="Age range" {...field('ageRange')} options={AGES} />
            <TextField label="Hair" optional placeholder="e.g. short dark brown" {...field('hair')} />
            <TextField label="Eyes" optional placeholder="e.g. green" {...field('eyes')} />
          </div>
          <label className="flex items-center gap-3 text-sm font-medium text-zinc-800">
            <input
              type="checkbox"
              className="size-5 rounded border-zinc-300 accent-brand-600"
              checked={values.glasses}
              onChange={(e) => setValues((v) => ({ ...v, glasses: e.target.checked }))}
            />
            Wears glasses in the portraits
          </label>
          <TextAreaField
            label="Anything else we should know"
            optional
            {...field('notes')}
            maxLength={1000}
            placeholder="e.g. a beard, a hijab, freckles we should keep"
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={busy}>
              Save profile
            </Button>
            <Link to={back ?? '/dashboard'} className={buttonClasses('ghost')}>
              Cancel
            </Link>
          </div>
        </form>
      </Card>
    </div>
  );
}
