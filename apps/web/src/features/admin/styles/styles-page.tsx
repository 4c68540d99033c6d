import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useTitle } from '../../../lib/use-title';
import { Button } from '../../../ui/button';
import { LoadingBlock } from '../../../ui/spinner';
import { PageHeader } from '../../../ui/page-header';
import { useToast } from '../../../ui/use-toast';
import type { AdminStyle } from '../data/admin-types';
import { StyleEditor } from './style-editor';
import { StyleRow } from './style-row';
import { inOrder, moveId } from './style-order';
import { saveStyleOrder, useAdminCatalog, useRefreshStyles } from './data/use-catalog';
import { LoadFailed } from '../../../ui/load-failed';

/**
 * /admin/styles: the catalogue in display order. Up and down buttons move a style (the new order
 * is saved at once, in one request); `?edit=<id>` or `?edit=new` opens the editor.
 */
export function StylesPage() {
  useTitle('Styles · Back office');
  const catalog = useAdminCatalog();
  const refresh = useRefreshStyles();
  const toast = useToast();
  const { edit } = useSearch({ from: '/admin/styles' });
  const navigate = useNavigate({ from: '/admin/styles' });
  const openEditor = (id: string | undefined) => void navigate({ search: id ? { edit: id } : {} });

  // The order shown while a move is being saved (the server's answer then replaces it).
  const [pending, setPending] = useState<string[] | null>(null);
  const focusAfterMove = useRef<{ id: string; dir: 'up' | 'down' } | null>(null);
  const items = catalog.data ?? [];
  const shown = pending ? inOrder(items, pending) : items;

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target || pending) return;
    focusAfterMove.current = null;
    // note: a move re-renders the rows; the operator's focus follows the style they moved.
    const button = document.querySelector<HTMLButtonElement>(
      `[data-style-id="${CSS.escape(target.id)}"] [data-move="${target.dir}"]`,
    );
    const fallback = document.querySelector<HTMLButtonElement>(
      `[data-style-id="${CSS.escape(target.id)}"] [data-move]:not(:disabled)`,
    );
    (button && !button.disabled ? button : fallback)?.focus();
  });

  const move = async (style: AdminStyle, delta: number) => {
    const ids = shown.map((s) => s.id);
    const next = moveId(ids, ids.indexOf(style.id), delta);
    if (!next || pending) return;
    focusAfterMove.current = { id: style.id, dir: delta < 0 ? 'up' : 'down' };
    setPending(next);
    try {
      await saveStyleOrder(next);
      await refresh();
    } catch (err) {
      toast.error('The new order was not saved', errorMessage(err));
      await refresh();
    } finally {
      setPending(null);
    }
  };

  const editing = edit === 'new' ? null : items.find((s) => s.id === edit);
  const nextOrder = (items.reduce((max, s) => Math.max(max, s.sortOrder), 0) || 0) + 10;

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Styles"
        description="The catalogue in the order customers see it. Move a style with its arrows; changes show on the public pages at their next load."
        actions={<Button onClick={() => openEditor('new')}>New style</Button>}
      />
      {catalog.isPending ? <LoadingBlock label="Loading styles…" /> : null}
      {catalog.isError ? (
        <LoadFailed
          title="The styles could not be loaded"
          error={catalog.error}
          onRetry={() => void catalog.refetch()}
        />
      ) : null}
      {catalog.data && !items.length ? (
        <p className="rounded-2xl border border-dashed border-zinc-300 bg-white p-8 text-center text-zinc-600">
          No styles yet. Create the first one.
        </p>
      ) : null}
      {items.length ? (
        <ol aria-label="Styles in display order" className="flex flex-col gap-2" aria-busy={!!pending}>
          {shown.map((s, i) => (
            <StyleRow
              key={s.id}
              style={s}
              position={i + 1}
              first={i === 0}
              last={i === shown.length - 1}
              onMove={(delta) => void move(s, delta)}
              onEdit={() => openEditor(s.id)}
            />
          ))}
        </ol>
      ) : null}
      <StyleEditor
        open={edit === 'new' || !!editing}
        style={editing ?? null}
        nextOrder={nextOrder}
        onClose={() => openEditor(undefined)}
        onSaved={async (saved, created) => {
          await refresh();
          toast.success(created ? `“${saved.name}” created` : `“${saved.name}” saved`);
          // A new style stays open, so it can get a rendered preview; an edit is done.
          openEditor(created ? saved.id : undefined);
        }}
      />
    </div>
  );
}
