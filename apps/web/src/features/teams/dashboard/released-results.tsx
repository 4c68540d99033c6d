import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Alert, Button, LoadingBlock } from '../../../ui';
import type { MemberRow } from '../data/team-api';
import { useTeamResults } from '../data/member-queries';
import { fileTokenQuery, protectedFileUrl } from '../../../shared/data/file-token';
import type { Result } from '../../../shared/records';

/** The members' delivered portraits, one row per member, their favourites marked (and filterable). */
export function ReleasedResults({ teamId, members }: { teamId: string; members: MemberRow[] }) {
  const results = useTeamResults(teamId);
  const token = useQuery(fileTokenQuery);
  const [onlyFavourites, setOnlyFavourites] = useState(false);

  const byMember = new Map<string, Result[]>();
  for (const r of results.data ?? []) {
    if (onlyFavourites && !r.favorite) continue;
    byMember.set(r.user, [...(byMember.get(r.user) ?? []), r]);
  }
  const people = members.filter((m) => byMember.has(m.user));

  return (
    <section aria-labelledby="results-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="results-title" className="text-lg font-semibold text-zinc-900">
          Delivered portraits
        </h2>
        <Button
          variant={onlyFavourites ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={onlyFavourites}
          onClick={() => setOnlyFavourites((v) => !v)}
        >
          Members’ favourites only
        </Button>
      </div>
      {results.isPending || token.isPending ? <LoadingBlock label="Loading the portraits…" /> : null}
      {results.isError ? <Alert tone="error">{errorMessage(results.error)}</Alert> : null}
      {results.isSuccess && !people.length ? (
        <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600">
          {onlyFavourites
            ? 'No member has marked a favourite yet.'
            : 'Portraits appear here once they have passed our quality check.'}
        </p>
      ) : null}
      {token.data ? (
        <div className="flex flex-col gap-6">
          {people.map((m) => (
            <div key={m.user}>
              <h3 className="mb-2 font-medium text-zinc-900">{m.name || m.email}</h3>
              <ul
                className="grid grid-cols-4 gap-2 sm:grid-cols-8 lg:grid-cols-10"
                aria-label={`Portraits of ${m.name || m.email}`}
              >
                {byMember.get(m.user)!.map((r) => (
                  <li key={r.id} className="relative">
                    <img
                      src={protectedFileUrl(r, r.file, { thumb: '160x200', token: token.data })}
                      alt={`Portrait of ${m.name || m.email}`}
                      width={96}
                      height={120}
                      loading="lazy"
                      className="aspect-[4/5] w-full rounded-lg bg-zinc-100 object-cover"
                    />
                    {r.favorite ? (
                      <span className="absolute right-1 top-1 rounded-full bg-white/90 px-1.5 text-xs font-medium text-rose-600">
                        ♥<span className="sr-only"> favourite</span>
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}
