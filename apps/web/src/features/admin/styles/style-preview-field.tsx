import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { backdropCss } from '../../../shared/style-visual';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/use-toast';
import { adminFileUrl } from '../data/admin-actions';
import type { AdminStyle } from '../data/admin-types';
import { renderStylePreview, useRefreshStyles } from './data/use-catalog';

/**
 * The style's preview: the current picture, a file to upload with the next save, or (for a saved
 * style) a render by the studio engine of the sample portrait in the saved look, stored at once.
 */
export function StylePreviewField({
  style,
  file,
  onFile,
  error,
}: {
  style: AdminStyle | null;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string;
}) {
  const toast = useToast();
  const refresh = useRefreshStyles();
  const [rendering, setRendering] = useState(false);
  // note: the rendered file name, shown at once (the list re-reads the record in the background).
  const [rendered, setRendered] = useState('');
  const current = rendered || style?.preview || '';
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    if (!file) return setChosen('');
    const url = URL.createObjectURL(file);
    setChosen(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const src = file ? chosen : style && current ? adminFileUrl(style, current, { thumb: '320x400' }) : '';

  const render = async () => {
    if (!style) return;
    setRendering(true);
    try {
      const updated = await renderStylePreview(style.id);
      setRendered(updated.preview);
      onFile(null);
      await refresh();
      toast.success(
        'Preview rendered',
        'It shows the saved look; save your changes and render again to see them.',
      );
    } catch (err) {
      toast.error('The preview could not be rendered', errorMessage(err));
    } finally {
      setRendering(false);
    }
  };

  return (
    <fieldset className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <legend className="mb-2 text-sm font-semibold text-zinc-900">Preview</legend>
      <div
        className="relative w-32 shrink-0 overflow-hidden rounded-xl border border-zinc-200"
        style={{ aspectRatio: '4 / 5', background: style ? backdropCss(style) : undefined }}
      >
        {src ? (
          <img
            src={src}
            alt={file ? 'Chosen preview' : 'Current preview'}
            className="absolute inset-0 size-full object-cover"
            data-testid="style-preview"
          />
        ) : (
          <span className="absolute inset-0 flex items-center justify-center p-2 text-center text-xs text-zinc-600">
            No preview
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-3">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-zinc-800">
          Upload a picture
          <input
            type="file"
            name="preview"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
            className="text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-zinc-100 file:px-3 file:py-2 file:font-semibold"
          />
          <span className="font-normal text-zinc-500">
            JPEG, PNG or WebP up to 5 MB; stored when you save.
          </span>
        </label>
        {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
        <div>
          <Button variant="secondary" loading={rendering} disabled={!style} onClick={() => void render()}>
            Render with the studio engine
          </Button>
          <p className="mt-1 text-sm text-zinc-500">
            {style
              ? 'Renders the sample portrait in the saved look (a few seconds) and stores it.'
              : 'Available once the style is created.'}
          </p>
        </div>
      </div>
    </fieldset>
  );
}
