import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Alert, Button, buttonClasses, EmptyState, LoadingBlock } from '../../../ui';
import { downloadAllUrl } from '../../../shared/data/photoshoot-api';
import { FlowFrame } from '../components/flow-frame';
import { RenameTitle } from '../../../shared/rename-title';
import { keys } from '../../../shared/data/query-keys';
import { useFlowPage } from '../components/use-flow-page';
import { useFlow } from '../flow-context';
import { useStyles } from '../data/use-catalog';
import { engineSummary } from '../../../shared/engine-text';
import { usePublicConfig } from '../../../shared/public-config';
import { useFileToken } from '../data/use-file-token';
import { useAuth } from '../../../lib/use-auth';
import { useResults } from '../data/use-results';
import { resultDownloadUrl, startDownload } from '../results/download-link';
import { Lightbox } from '../results/lightbox';
import { portraitFileName, portraitLabel, portraitNumbers } from '../results/portrait-numbers';
import { ResultCard } from '../results/result-card';
import { useResultUpdate } from '../data/use-result-update';
import type { Photoshoot, Result } from '../../../shared/records';
import { LoadFailed } from '../../../ui/load-failed';

export default function ResultsPage() {
  const { query, photoshoot } = useFlowPage('results');
  const { user } = useAuth();
  // A team admin opening a member's results reads whose they are.
  const someoneElse = !!photoshoot && !!user && photoshoot.user !== user.id;
  return (
    <FlowFrame
      step="results"
      title={someoneElse ? 'A team member’s portraits' : 'Your portraits'}
      description="Open any portrait to see it large. Mark favourites, rate them, and download one or all."
      query={query}
      photoshoot={photoshoot}
    >
      {(p) => <Gallery photoshoot={p} />}
    </FlowFrame>
  );
}

type Group = { style: string; name: string; results: Result[] };

function Gallery({ photoshoot }: { photoshoot: Photoshoot }) {
  const flow = useFlow();
  const engine = usePublicConfig().data?.engine;
  const client = useQueryClient();
  const results = useResults(photoshoot.id);
  const styles = useStyles();
  const update = useResultUpdate(photoshoot.id);
  const { token } = useFileToken();
  const [open, setOpen] = useState<number | null>(null);
  const [onlyFavourites, setOnlyFavourites] = useState(false);
  const [zipError, setZipError] = useState('');
  const [zipping, setZipping] = useState(false);

  const styleName = useMemo(() => {
    const names = new Map((styles.data ?? []).map((s) => [s.id, s.name]));
    return (r: Result) => names.get(r.style) ?? 'Your style';
  }, [styles.data]);

  const all = results.data ?? [];
  // Numbered over the whole list, so showing favourites only keeps each portrait's number.
  const numbers = portraitNumbers(all);
  const labelOf = (r: Result) => portraitLabel(styleName(r), numbers.get(r.id) ?? 1);
  const visible = onlyFavourites ? all.filter((r) => r.favorite) : all;
  const groups = useMemo(() => {
    const byStyle = new Map<string, Group>();
    for (const r of visible) {
      const g = byStyle.get(r.style) ?? { style: r.style, name: styleName(r), results: [] };
      g.results.push(r);
      byStyle.set(r.style, g);
    }
    return [...byStyle.values()];
  }, [visible, styleName]);
  // The lightbox walks the results in the order the groups show them.
  const ordered = groups.flatMap((g) => g.results);
  const favourites = all.filter((r) => r.favorite).length;

  const favorite = (r: Result) => update.mutate({ id: r.id, change: { favorite: !r.favorite } });
  const rate = (r: Result, rating: number) => update.mutate({ id: r.id, change: { rating } });
  const markable = photoshoot.status === 'completed';

  const downloadAll = async () => {
    setZipError('');
    setZipping(true);
    try {
      startDownload(await downloadAllUrl(photoshoot.id));
    } catch (err) {
      setZipError(errorMessage(err));
    } finally {
      setZipping(false);
    }
  };

  if (results.isPending) return <LoadingBlock label="Loading your portraits…" />;
  if (results.isError) {
    return (
      <LoadFailed
        title="Could not load your portraits"
        error={results.error}
        onRetry={() => void results.refetch()}
      />
    );
  }

  if (all.length === 0) {
    const inReview = photoshoot.status === 'review';
    return (
      <EmptyState
        title={inReview ? 'Your portraits are in review' : 'No portraits released yet'}
        description={
          inReview
            ? 'They are made, and a person on our team is checking each one before release. We will email you when they are ready, and they will appear here.'
            : photoshoot.status === 'refunded'
              ? 'This photoshoot was refunded.'
              : 'As soon as your portraits are released they appear here, and we email you.'
        }
        action={
          photoshoot.status !== 'refunded' && photoshoot.status !== 'completed' ? (
            <Link to={flow.path('processing')} className={buttonClasses('secondary')}>
              See the progress
            </Link>
          ) : undefined
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <RenameTitle
        prefix="Your downloads are named after"
        titleClassName="text-sm font-semibold text-zinc-900"
        photoshoot={photoshoot}
        onSaved={(record) => client.setQueryData(keys.photoshoot(photoshoot.id), record)}
      />
      {photoshoot.status === 'review' ||
      photoshoot.status === 'queued' ||
      photoshoot.status === 'processing' ? (
        <Alert tone="info" title="A new round is on its way">
          The portraits you asked to redo are being made. The ones below stay available meanwhile.
        </Alert>
      ) : null}
      {engine ? <p className="max-w-3xl text-sm text-zinc-500">{engineSummary(engine)}</p> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-zinc-600">
          {all.length} portrait{all.length === 1 ? '' : 's'} · {favourites} favourite
          {favourites === 1 ? '' : 's'}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant={onlyFavourites ? 'primary' : 'secondary'}
            aria-pressed={onlyFavourites}
            onClick={() => setOnlyFavourites((v) => !v)}
          >
            Favourites only
          </Button>
          <Button variant="secondary" loading={zipping} onClick={() => void downloadAll()}>
            Download all (zip)
          </Button>
          {/* note: the team flow has no review step (its route does not exist there). */}
          {photoshoot.status === 'completed' && !flow.teamId ? (
            <Link to={flow.path('review')} className={buttonClasses('primary')}>
              Rate &amp; request redo
            </Link>
          ) : null}
        </div>
      </div>

      <div aria-live="polite">
        {zipError ? <Alert tone="error">{zipError}</Alert> : null}
        {update.isError ? (
          <Alert tone="error" title="Your change was not saved">
            {errorMessage(update.error)}
          </Alert>
        ) : null}
        {!markable ? (
          <p className="text-sm text-zinc-500">
            Favourites and ratings can be changed once the photoshoot is completed.
          </p>
        ) : null}
      </div>

      {onlyFavourites && visible.length === 0 ? (
        <EmptyState title="No favourites yet" description="Tap the heart on a portrait to keep it here." />
      ) : null}

      {groups.map((g) => (
        <section key={g.style} aria-labelledby={`group-${g.style}`}>
          <h2 id={`group-${g.style}`} className="mb-3 text-lg font-semibold text-zinc-900">
            {g.name} <span className="text-sm font-normal text-zinc-500">({g.results.length})</span>
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {g.results.map((r) => {
              const i = ordered.indexOf(r);
              const label = labelOf(r);
              return (
                <ResultCard
                  key={r.id}
                  result={r}
                  label={label}
                  downloadUrl={token ? resultDownloadUrl(r, token) : ''}
                  downloadName={portraitFileName(photoshoot.title, g.name, numbers.get(r.id) ?? 1, r.file)}
                  onOpen={() => setOpen(i)}
                  onFavorite={() => favorite(r)}
                  onRate={(n) => rate(r, n)}
                />
              );
            })}
          </ul>
        </section>
      ))}

      <Lightbox
        results={ordered}
        index={open}
        onIndexChange={setOpen}
        labelOf={labelOf}
        onFavorite={favorite}
        onRate={rate}
      />
    </div>
  );
}
