import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../../lib/errors';
import { buttonClasses } from '../../../ui';
import { FormField } from '../../../ui/form-field';
import { Select } from '../../../ui/select';
import { chooseProfile, myProfilesQuery } from '../../../shared/data/profiles-api';
import { keys } from '../../../shared/data/query-keys';
import type { Photoshoot } from '../../../shared/records';

/** Radix Select has no empty value: this one stands for "no profile". */
const NONE = 'none';

/**
 * "Who is in the photos?": one of the owner's saved profiles (hair, eyes, age range…), which
 * hosted generation adds to its prompts, or none; a new one can be described from here and comes
 * back chosen. Only a draft's profile can change.
 */
export function PersonChooser({ photoshoot }: { photoshoot: Photoshoot }) {
  const client = useQueryClient();
  const profiles = useQuery(myProfilesQuery);
  const save = useMutation({
    mutationFn: (profile: string) => chooseProfile(photoshoot.id, profile),
    onSuccess: (record) => client.setQueryData(keys.photoshoot(photoshoot.id), record),
  });
  const options = [
    { value: NONE, label: 'Not described' },
    ...(profiles.data ?? []).map((p) => ({ value: p.id, label: p.name || 'Unnamed profile' })),
  ];
  return (
    <section aria-labelledby="person-title" className="flex flex-col gap-2">
      <h2 id="person-title" className="text-lg font-semibold text-zinc-900">
        Who is in the photos?
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField
          label="Person"
          optional
          hint="A short description (hair, eyes, age range) helps us get them right."
          error={
            save.isError
              ? errorMessage(save.error)
              : profiles.isError
                ? errorMessage(profiles.error)
                : undefined
          }
        >
          {(control) => (
            <Select
              {...control}
              className="sm:w-72"
              options={options}
              value={photoshoot.profile || NONE}
              disabled={save.isPending || photoshoot.status !== 'draft' || profiles.isPending}
              onValueChange={(v) => save.mutate(v === NONE ? '' : v)}
            />
          )}
        </FormField>
        <Link
          to="/profiles/new"
          search={{ photoshoot: photoshoot.id, team: photoshoot.team || undefined }}
          className={buttonClasses('secondary', 'md', 'shrink-0 sm:mb-[1.6rem]')}
        >
          Describe someone new
        </Link>
      </div>
    </section>
  );
}
