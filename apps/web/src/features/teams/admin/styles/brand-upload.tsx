import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { fileUrl } from '../../../../lib/file-url';
import { Alert, Button } from '../../../../ui';
import { patchTeamFile, type TeamFileField } from '../../data/patch-team-file';
import type { Team } from '../../data/team-api';
import { teamKeys } from '../../data/team-queries';

type Upload = { fraction: number; abort: () => void } | null;

/**
 * One brand file (logo or backdrop): choose it, watch it upload, see it at once. The local copy
 * shows in the preview while it uploads (`onLocal`), the saved one once the server has it.
 */
export function BrandUpload({
  team,
  field,
  label,
  hint,
  onLocal,
}: {
  team: Team;
  field: TeamFileField;
  label: string;
  hint: string;
  onLocal: (url: string) => void;
}) {
  const client = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const local = useRef('');
  useEffect(() => () => void (local.current && URL.revokeObjectURL(local.current)), []);

  const start = (file: File) => {
    setError('');
    setDone(false);
    if (local.current) URL.revokeObjectURL(local.current);
    local.current = URL.createObjectURL(file);
    onLocal(local.current);
    const handle = patchTeamFile(team.id, field, file, (fraction) =>
      setUpload((u) => (u ? { ...u, fraction } : u)),
    );
    setUpload({ fraction: 0, abort: handle.abort });
    handle.promise.then(
      (saved) => {
        client.setQueryData(teamKeys.team(team.id), saved);
        setUpload(null);
        setDone(true);
        // The preview shows the stored file from now on: what members will get.
        onLocal('');
      },
      (err: Error) => {
        setUpload(null);
        setError(err.message);
        onLocal('');
      },
    );
  };

  const current = team[field] ? fileUrl(team, team[field]) : '';
  const percent = upload ? Math.round(upload.fraction * 100) : 0;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-zinc-800">
        {label}
      </label>
      <p className="text-sm text-zinc-500">{hint}</p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="block w-full text-sm text-zinc-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
        disabled={!!upload}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) start(file);
          e.target.value = '';
        }}
      />
      {upload ? (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={`Uploading the ${label.toLowerCase()}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 flex-1 overflow-hidden rounded-full bg-zinc-100"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <span className="w-10 text-right text-xs tabular-nums text-zinc-600">{percent}%</span>
          <Button size="sm" variant="ghost" onClick={upload.abort}>
            Cancel
          </Button>
        </div>
      ) : null}
      <p aria-live="polite" className="text-sm text-emerald-700">
        {done ? `${label} saved.` : ''}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {current && !upload ? (
        <p className="truncate text-xs text-zinc-500">Current file: {team[field]}</p>
      ) : null}
    </div>
  );
}
