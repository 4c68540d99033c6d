import { SHORTCUTS } from './review-keys';

/** The review screen's keyboard shortcuts, always on screen (from the same table the keys use). */
export function ShortcutList() {
  return (
    <aside
      aria-labelledby="shortcuts-title"
      className="hidden h-fit rounded-2xl border border-zinc-200 bg-white p-4 text-sm shadow-sm sm:block xl:sticky xl:top-4"
    >
      <h2 id="shortcuts-title" className="font-semibold text-zinc-900">
        Keyboard
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1.5 sm:grid-cols-[auto_1fr_auto_1fr] xl:grid-cols-[auto_1fr]">
        {SHORTCUTS.map((s) => (
          <div key={s.action} className="contents">
            <dt className="flex gap-1">
              {s.keys.map((k) => (
                <kbd
                  key={k}
                  className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-xs text-zinc-800"
                >
                  {k}
                </kbd>
              ))}
            </dt>
            <dd className="text-zinc-700">{s.action}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
