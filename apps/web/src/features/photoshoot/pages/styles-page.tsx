import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Button, cx, LoadingBlock } from '../../../ui';
import { FlowFrame } from '../components/flow-frame';
import { PackagePicker } from '../components/package-picker';
import { useFlowPage } from '../components/use-flow-page';
import { useFlow } from '../flow-context';
import { usePackages, useStyles } from '../data/use-catalog';
import { useSaveOrder } from '../data/use-save-order';
import { PersonChooser } from '../styles/person-chooser';
import { SelectionBar } from '../styles/selection-bar';
import { StyleGrid } from '../styles/style-grid';
import { TeamStylesStep } from '../team/team-styles-step';
import { categoryLabel } from '../../../shared/style-visual';
import type { Package, Photoshoot, Style } from '../../../shared/records';
import { LoadFailed } from '../../../ui/load-failed';

export default function StylesPage() {
  const { query, photoshoot, flow } = useFlowPage('styles');
  const teamId = flow.teamId;
  return (
    <FlowFrame
      step="styles"
      title={teamId ? 'Choose your styles and submit' : 'Choose your styles'}
      description={
        teamId
          ? 'Your team pays for your photoshoot: submitting uses one of its seats.'
          : 'Pick the looks you want. Each style is a separate set of portraits.'
      }
      query={query}
      photoshoot={photoshoot}
    >
      {(p) => (teamId ? <TeamStylesStep photoshoot={p} teamId={teamId} /> : <StylesStep photoshoot={p} />)}
    </FlowFrame>
  );
}

/** The package to start with: the photoshoot's, else the highlighted one, else the first. */
export function defaultPackage(packages: Package[], current: string): string {
  if (current && packages.some((p) => p.id === current)) return current;
  return (packages.find((p) => p.highlighted) ?? packages[0])?.id ?? '';
}

const AUTOSAVE_MS = 600;

function StylesStep({ photoshoot }: { photoshoot: Photoshoot }) {
  const flow = useFlow();
  const navigate = useNavigate();
  const styles = useStyles();
  const packages = usePackages();
  const save = useSaveOrder(photoshoot.id);
  const [selected, setSelected] = useState<string[]>(() => photoshoot.styles ?? []);
  const [pkg, setPkg] = useState(photoshoot.package);
  const [category, setCategory] = useState('all');
  const [continueError, setContinueError] = useState('');
  const [continuing, setContinuing] = useState(false);

  useEffect(() => {
    if (!pkg && packages.data?.length) setPkg(defaultPackage(packages.data, photoshoot.package));
  }, [pkg, packages.data, photoshoot.package]);

  const chosenPackage = packages.data?.find((p) => p.id === pkg);
  const limit = chosenPackage?.stylesIncluded ?? 1;
  const available = useMemo(() => styles.data ?? [], [styles.data]);
  const selectedStyles = selected
    .map((id) => available.find((s) => s.id === id))
    .filter((s): s is Style => !!s);
  const categories = useMemo(() => [...new Set(available.map((s) => s.category))], [available]);
  const shown = category === 'all' ? available : available.filter((s) => s.category === category);
  const over = selectedStyles.length > limit;

  // Save the choice shortly after it changes, so it survives a reload or a switch of device.
  const saved = useRef({ styles: photoshoot.styles ?? [], package: photoshoot.package });
  useEffect(() => {
    const dirty = pkg !== saved.current.package || selected.join(',') !== saved.current.styles.join(',');
    if (!dirty || !pkg) return;
    const timer = setTimeout(() => {
      saved.current = { styles: selected, package: pkg };
      save.mutate({ styles: selected, package: pkg });
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
    // note: `save` changes identity every render; only the selection should re-arm the timer.
  }, [selected, pkg]);

  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  const onContinue = async () => {
    setContinueError('');
    setContinuing(true);
    try {
      saved.current = { styles: selected, package: pkg };
      await save.mutateAsync({ styles: selected, package: pkg });
      await navigate({ href: flow.path('payment') });
    } catch (err) {
      setContinueError(errorMessage(err));
      setContinuing(false);
    }
  };

  if (styles.isPending || packages.isPending) return <LoadingBlock label="Loading styles…" />;
  if (styles.isError || packages.isError) {
    return (
      <LoadFailed
        title="Could not load the styles"
        error={styles.error ?? packages.error}
        onRetry={() => {
          void styles.refetch();
          void packages.refetch();
        }}
      />
    );
  }

  const canContinue = selectedStyles.length >= 1 && !over && !!pkg;
  const status = over
    ? `Your package includes ${limit} style${limit === 1 ? '' : 's'}. Remove ${selectedStyles.length - limit} or choose a bigger package.`
    : selectedStyles.length === 0
      ? `Choose up to ${limit} style${limit === 1 ? '' : 's'}.`
      : selectedStyles.length < limit
        ? `${selectedStyles.length} of ${limit} chosen. You can choose ${limit - selectedStyles.length} more.`
        : `${selectedStyles.length} of ${limit} chosen.`;

  return (
    <div className="flex flex-col gap-8">
      <PersonChooser photoshoot={photoshoot} />
      <PackagePicker
        legend="Package"
        packages={packages.data ?? []}
        value={pkg}
        onChange={(id) => setPkg(id)}
        compact
      />

      <section aria-labelledby="styles-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="styles-title" className="text-lg font-semibold text-zinc-900">
            Styles
          </h2>
          <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
            {['all', ...categories].map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={category === c}
                onClick={() => setCategory(c)}
                className={cx(
                  'h-9 rounded-full px-3.5 text-sm font-medium ring-1 ring-inset',
                  category === c
                    ? 'bg-zinc-900 text-white ring-zinc-900'
                    : 'bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50',
                )}
              >
                {c === 'all' ? 'All' : categoryLabel(c)}
              </button>
            ))}
          </div>
        </div>
        {available.length === 0 ? (
          <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600">
            No styles are available right now. Please come back later.
          </p>
        ) : (
          <StyleGrid
            styles={shown}
            isChosen={(id) => selected.includes(id)}
            full={selectedStyles.length >= limit}
            onToggle={toggle}
          />
        )}
      </section>

      <SelectionBar
        status={status}
        over={over}
        action={
          <Button size="lg" disabled={!canContinue} loading={continuing} onClick={() => void onContinue()}>
            Continue to payment
          </Button>
        }
        error={continueError}
      >
        {selectedStyles.length ? (
          <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Chosen styles">
            {selectedStyles.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  onClick={() => toggle(s.id)}
                  className="inline-flex h-7 items-center gap-1 rounded-full bg-brand-50 px-2.5 text-xs font-medium text-brand-800 ring-1 ring-inset ring-brand-200 hover:bg-brand-100"
                  aria-label={`Remove ${s.name}`}
                >
                  {s.name} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-1 text-xs text-zinc-500" aria-live="polite">
          {save.isPending
            ? 'Saving…'
            : save.isError
              ? `Not saved: ${errorMessage(save.error)}`
              : save.isSuccess
                ? 'Saved'
                : ''}
        </p>
      </SelectionBar>
    </div>
  );
}
