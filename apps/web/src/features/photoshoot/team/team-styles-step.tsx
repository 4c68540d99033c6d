import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Button, cx, LoadingBlock } from '../../../ui';
import { useStyles } from '../data/use-catalog';
import { useSaveOrder } from '../data/use-save-order';
import { useFlow } from '../flow-context';
import { PersonChooser } from '../styles/person-chooser';
import { SelectionBar } from '../styles/selection-bar';
import { StyleGrid } from '../styles/style-grid';
import type { Photoshoot, Style } from '../../../shared/records';
import { lockedStyles, stylesForTeam } from './team-styles';
import { useSubmitOnSeat, useTeamOrder } from '../data/use-team-order';
import { LoadFailed } from '../../../ui/load-failed';

const AUTOSAVE_MS = 600;

/**
 * The team member's styles step: the team's styles (or the admin's locked choice), then a submit
 * that takes one of the team's seats. There is no payment in the team flow.
 */
export function TeamStylesStep({ photoshoot, teamId }: { photoshoot: Photoshoot; teamId: string }) {
  const flow = useFlow();
  const navigate = useNavigate();
  const styles = useStyles();
  const order = useTeamOrder(teamId);
  const save = useSaveOrder(photoshoot.id);
  const submit = useSubmitOnSeat(teamId, photoshoot.id);
  const [selected, setSelected] = useState<string[]>(() => photoshoot.styles ?? []);
  const [submitError, setSubmitError] = useState('');

  const team = order.data?.team;
  const limit = order.data?.stylesIncluded ?? 1;
  const locked = !!team?.stylesLocked && team.styles.length > 0;
  const available = useMemo(() => (team ? stylesForTeam(styles.data ?? [], team) : []), [styles.data, team]);
  const chosen: Style[] = locked
    ? lockedStyles(styles.data ?? [], team, limit)
    : selected.map((id) => available.find((s) => s.id === id)).filter((s): s is Style => !!s);
  const over = chosen.length > limit;

  // An unlocked choice is saved shortly after it changes, as in the individual flow.
  const saved = useRef(photoshoot.styles ?? []);
  useEffect(() => {
    if (locked || selected.join(',') === saved.current.join(',')) return;
    const timer = setTimeout(() => {
      saved.current = selected;
      save.mutate({ styles: selected });
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
    // note: `save` changes identity every render; only the selection should re-arm the timer.
  }, [selected, locked]);

  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  const onSubmit = async () => {
    setSubmitError('');
    try {
      if (!locked) {
        saved.current = selected;
        await save.mutateAsync({ styles: selected });
      }
      await submit.mutateAsync();
      await navigate({ href: flow.path('processing') });
    } catch (err) {
      setSubmitError(errorMessage(err));
    }
  };

  if (styles.isPending || order.isPending) return <LoadingBlock label="Loading your team’s styles…" />;
  if (styles.isError || order.isError || !team) {
    return (
      <LoadFailed
        title="Could not load the styles"
        error={styles.error ?? order.error}
        onRetry={() => {
          void styles.refetch();
          void order.refetch();
        }}
      />
    );
  }

  const seatsFree = Math.max(0, team.seatsTotal - team.seatsUsed);
  const isTest = photoshoot.isTest;
  // Said before any click: a submit without a free seat could only be refused.
  const noSeat = !isTest && seatsFree === 0;
  const status = locked
    ? `Your team admin chose ${chosen.length === 1 ? 'this style' : `these ${chosen.length} styles`} for everyone.`
    : over
      ? `Your team’s package includes ${limit} style${limit === 1 ? '' : 's'}. Remove ${chosen.length - limit}.`
      : chosen.length === 0
        ? `Choose up to ${limit} style${limit === 1 ? '' : 's'}.`
        : `${chosen.length} of ${limit} chosen.`;

  return (
    <div className="flex flex-col gap-8">
      <PersonChooser photoshoot={photoshoot} />

      <section aria-labelledby="styles-title">
        <h2 id="styles-title" className="mb-1 text-lg font-semibold text-zinc-900">
          {locked ? 'Your team’s styles' : 'Styles'}
        </h2>
        <p className="mb-3 text-sm text-zinc-600">
          {locked
            ? 'Everyone in the team gets the same look, so the set matches side by side.'
            : team.styles.length
              ? 'Your team admin picked these styles for the team.'
              : 'Pick the looks you want. Each style is a separate set of portraits.'}
        </p>
        <StyleGrid
          styles={locked ? chosen : available}
          isChosen={(id) => selected.includes(id)}
          full={chosen.length >= limit}
          locked={locked}
          onToggle={toggle}
        />
      </section>

      <SelectionBar
        status={status}
        over={over}
        action={
          <Button
            size="lg"
            disabled={chosen.length === 0 || over || noSeat}
            aria-describedby={noSeat ? 'seat-note' : undefined}
            loading={submit.isPending || save.isPending}
            onClick={() => void onSubmit()}
          >
            {isTest ? 'Start the test shoot' : 'Submit on a team seat'}
          </Button>
        }
        error={submitError}
        errorTitle="Not submitted"
      >
        <p
          id="seat-note"
          className={cx('mt-1 text-xs', noSeat ? 'font-medium text-amber-800' : 'text-zinc-600')}
          data-testid="seat-note"
        >
          {isTest
            ? 'A test shoot uses no seat and makes a smaller set.'
            : noSeat
              ? 'No free seat in your team (0 free): your team admin has been shown that you are waiting. Your choices are kept; submit once a seat is added.'
              : `Submitting uses one of your team’s seats (${seatsFree} free). No payment needed.`}
        </p>
        {save.isError ? (
          <p className="mt-1 text-xs text-red-700">Not saved: {errorMessage(save.error)}</p>
        ) : null}
      </SelectionBar>
    </div>
  );
}
