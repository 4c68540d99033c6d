import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTitle } from '../../../lib/use-title';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { PageHeader } from '../../../ui/page-header';
import { Pagination } from '../../../ui/pagination';
import { LoadingBlock } from '../../../ui/spinner';
import { useToast } from '../../../ui/use-toast';
import type { ListedOriginal } from '../data/admin-types';
import { adminLists, listKeys } from '../data/list-queries';
import { deleteOriginal } from '../data/list-writes';
import { ListToolbar } from '../components/list-toolbar';
import { deletionConsequence } from './deletion-consequence';
import { OriginalTile } from './original-tile';
import { originalsRawSearch, readOriginalsSearch } from './originals-search';
import { QC_REASONS, QC_VERDICTS } from './qc-reasons';
import { useListPage } from '../data/use-list-page';
import { useListSearch } from '../data/use-list-search';
import { LoadFailed } from '../../../ui/load-failed';

/**
 * /admin/original-photos: the latest uploads with the checks' verdicts, filtered by verdict and
 * reason on the server (where operators tune the check thresholds), 30 per page, kept live.
 */
export function OriginalsPage() {
  useTitle('Original photos · Back office');
  const { search, set, clear, tableNav } = useListSearch(
    '/admin/original-photos',
    readOriginalsSearch,
    originalsRawSearch,
  );
  const client = useQueryClient();
  const toast = useToast();
  const [deleting, setDeleting] = useState<ListedOriginal | null>(null);

  const { list, table } = useListPage(adminLists.originals(search));
  const filtered = !!(search.qc || search.reason);
  const items = list.data?.items ?? [];

  const remove = async (o: ListedOriginal) => {
    await deleteOriginal(o.id);
    toast.success('Photo deleted');
    await client.invalidateQueries({ queryKey: listKeys.originals });
  };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Original photos"
        description="The latest uploads and what the checks decided. Filter by reason to see what a threshold lets through or turns away."
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <ListToolbar
          state={search}
          set={set}
          filters={[
            { key: 'qc', label: 'Verdict', options: QC_VERDICTS },
            { key: 'reason', label: 'Reason', options: QC_REASONS },
          ]}
          filtered={filtered}
          onClear={clear}
        />
      </div>
      {list.isPending ? <LoadingBlock label="Loading photos…" /> : null}
      {list.isError ? (
        <LoadFailed
          title="The photos could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data && !items.length ? (
        <p className="rounded-2xl border border-dashed border-zinc-300 bg-white p-8 text-center text-zinc-600">
          {filtered ? 'No photo matches these filters.' : 'No uploads yet.'}
        </p>
      ) : null}
      {items.length ? (
        <ul
          aria-label="Uploads"
          aria-busy={list.isFetching}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
        >
          {items.map((o) => (
            <OriginalTile key={o.id} original={o} onDelete={() => setDeleting(o)} />
          ))}
        </ul>
      ) : null}
      {list.data && list.data.totalPages > 1 ? (
        <Pagination
          className="mt-6"
          page={list.data.page}
          totalPages={list.data.totalPages}
          totalItems={list.data.totalItems}
          perPage={table.state.perPage}
          disabled={list.isFetching}
          onPageChange={tableNav.onPageChange}
        />
      ) : null}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this photo?"
        description={deleting ? deletionConsequence(deleting.expand?.photoshoot?.status ?? '') : ''}
        confirmLabel="Delete photo"
        destructive
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </div>
  );
}
