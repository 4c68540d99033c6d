/**
 * What `serve` and `worker` say when glibc's allocator runs with its defaults: the process was
 * started as `node dist/cli.js` rather than through the `photoshoot` bin, which sets it up before
 * Node starts (bin/photoshoot.js, decision 040). glibc reads the settings only at start-up, so the
 * server cannot fix them itself; it can only say so.
 */
export function allocatorNote(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.MALLOC_ARENA_MAX !== undefined) return null;
  // Only glibc reads these settings (musl and macOS have allocators of their own).
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  if (!report?.header?.glibcVersionRuntime) return null;
  return (
    'Started without the memory settings of the `photoshoot` command (glibc allocator, decision 040): ' +
    "a photoshoot's memory then peaks about 30 % higher. Start it as `npx photoshoot serve` (or `worker`) instead."
  );
}
