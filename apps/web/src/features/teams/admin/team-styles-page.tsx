import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { fileUrl } from '../../../lib/file-url';
import { stylesQuery } from '../../../shared/data/catalog-api';
import { brandBackdropText } from '../../../shared/engine-text';
import { usePublicConfig } from '../../../shared/public-config';
import { backdropCss, categoryLabel } from '../../../shared/style-visual';
import { Alert, Badge, Button, Card, cx, LoadingBlock } from '../../../ui';
import { saveTeamStyles, type Team } from '../data/team-api';
import { teamKeys } from '../data/team-queries';
import { BrandUpload } from './styles/brand-upload';
import { LookPreview } from './styles/look-preview';
import { TeamAdminFrame } from './team-frame';

/** The most styles a team may pick (the `teams.styles` relation's limit). */
const MAX_TEAM_STYLES = 20;

/** /teams/{id}/team-styles: the team's styles and lock, logo and brand backdrop, with a live preview. */
export function TeamStylesPage() {
  const { id } = useParams({ from: '/app/teams/$id/team-styles' });
  return (
    <TeamAdminFrame
      teamId={id}
      title="Team styles"
      description="Pick the looks your members get, lock them for a consistent set, and add your brand."
    >
      {(team) => <TeamLook team={team} />}
    </TeamAdminFrame>
  );
}

function TeamLook({ team }: { team: Team }) {
  const client = useQueryClient();
  const styles = useQuery(stylesQuery);
  const config = usePublicConfig();
  const [chosen, setChosen] = useState<string[]>(team.styles ?? []);
  const [locked, setLocked] = useState(team.stylesLocked);
  const [localBackdrop, setLocalBackdrop] = useState('');
  const [localLogo, setLocalLogo] = useState('');
  useEffect(() => {
    setChosen(team.styles ?? []);
    setLocked(team.stylesLocked);
  }, [team.styles, team.stylesLocked]);

  const save = useMutation({
    mutationFn: () => saveTeamStyles(team.id, chosen, locked),
    onSuccess: (saved) => client.setQueryData(teamKeys.team(team.id), saved),
  });

  if (styles.isPending) return <LoadingBlock label="Loading the styles…" />;
  if (styles.isError) return <Alert tone="error">{errorMessage(styles.error)}</Alert>;
  const all = styles.data.filter((s) => s.active !== false);
  const picked = chosen.map((sid) => all.find((s) => s.id === sid)).filter((s) => !!s);
  const dirty =
    locked !== team.stylesLocked ||
    chosen.length !== team.styles.length ||
    chosen.some((s) => !team.styles.includes(s));
  const toggle = (sid: string) => {
    save.reset();
    setChosen((c) =>
      c.includes(sid) ? c.filter((x) => x !== sid) : c.length < MAX_TEAM_STYLES ? [...c, sid] : c,
    );
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-8">
        <fieldset>
          <legend className="mb-1 text-lg font-semibold text-zinc-900">Styles</legend>
          <p className="mb-4 text-sm text-zinc-600">
            {chosen.length} chosen, up to {MAX_TEAM_STYLES}. Styles made for your team are marked.
          </p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
            {all.map((s) => {
              const on = chosen.includes(s.id);
              return (
                <li key={s.id}>
                  <label
                    className={cx(
                      'flex h-full cursor-pointer flex-col overflow-hidden rounded-xl border-2 bg-white',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                      on ? 'border-brand-600 shadow-md' : 'border-zinc-200 hover:shadow-sm',
                    )}
                  >
                    <input type="checkbox" className="sr-only" checked={on} onChange={() => toggle(s.id)} />
                    <span className="relative block aspect-[4/5]" style={{ background: backdropCss(s) }}>
                      {s.preview ? (
                        <img
                          src={fileUrl(s, s.preview, '320x400')}
                          alt=""
                          loading="lazy"
                          className="size-full object-cover"
                        />
                      ) : null}
                      {on ? (
                        <span
                          className="absolute right-2 top-2 flex size-6 items-center justify-center rounded-full bg-brand-600 text-sm text-white"
                          aria-hidden="true"
                        >
                          ✓
                        </span>
                      ) : null}
                    </span>
                    <span className="flex flex-col gap-1 p-2.5">
                      <span className="text-sm font-semibold text-zinc-900">{s.name}</span>
                      <span className="flex flex-wrap gap-1">
                        <span className="text-xs text-zinc-500">{categoryLabel(s.category)}</span>
                        {s.team ? <Badge tone="brand">Your team</Badge> : null}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <Card className="flex flex-col gap-4">
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 size-4 accent-brand-600"
              checked={locked}
              onChange={(e) => {
                save.reset();
                setLocked(e.target.checked);
              }}
            />
            <span>
              <span className="block font-medium text-zinc-900">Lock the styles</span>
              <span className="block text-sm text-zinc-600">
                Members get exactly these styles and do not choose their own: the whole team’s set matches.
              </span>
            </span>
          </label>
          {save.isError ? <Alert tone="error">{errorMessage(save.error)}</Alert> : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              onClick={() => save.mutate()}
              loading={save.isPending}
              disabled={!dirty || (locked && !chosen.length)}
            >
              Save styles
            </Button>
            <span aria-live="polite" className="text-sm text-emerald-700">
              {save.isSuccess && !dirty ? 'Saved.' : ''}
            </span>
            {locked && !chosen.length ? (
              <span className="text-sm text-zinc-600">Pick at least one style to lock.</span>
            ) : null}
          </div>
        </Card>
        <Card className="flex flex-col gap-6">
          <h2 className="text-lg font-semibold text-zinc-900">Brand</h2>
          <BrandUpload
            team={team}
            field="brandBackdrop"
            label="Brand backdrop"
            hint={[
              'A wall, office or brand colour behind every member.',
              brandBackdropText(config.data?.engine),
              'JPEG, PNG or WebP, up to 20 MB.',
            ]
              .filter(Boolean)
              .join(' ')}
            onLocal={setLocalBackdrop}
          />
          <BrandUpload
            team={team}
            field="logo"
            label="Logo"
            hint="Shown on your team’s pages. JPEG, PNG or WebP, up to 5 MB."
            onLocal={setLocalLogo}
          />
        </Card>
      </div>
      {/* note: first on a phone, so the look changes in view while styles are picked. */}
      <aside className="order-first mx-auto w-full max-w-xs lg:sticky lg:top-20 lg:order-none lg:max-w-none lg:self-start">
        <h2 className="mb-3 text-lg font-semibold text-zinc-900">Preview</h2>
        <LookPreview team={team} styles={picked} localBackdrop={localBackdrop} localLogo={localLogo} />
      </aside>
    </div>
  );
}
