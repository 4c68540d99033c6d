import { fileUrl } from '../../../../lib/file-url';
import { backdropCss } from '../../../../shared/style-visual';
import type { Style } from '../../../../shared/records';
import type { Team } from '../../data/team-api';

/**
 * What a member's portrait will look like: the brand backdrop (or the first style's) behind a
 * sitter, the logo in its corner, and the chosen styles side by side. Local files show while they
 * upload, so the look changes the moment a file is chosen.
 */
export function LookPreview({
  team,
  styles,
  localBackdrop,
  localLogo,
}: {
  team: Team;
  styles: Style[];
  localBackdrop: string;
  localLogo: string;
}) {
  const backdrop = localBackdrop || (team.brandBackdrop ? fileUrl(team, team.brandBackdrop, '320x400') : '');
  const logo = localLogo || (team.logo ? fileUrl(team, team.logo, '240x80f') : '');
  const first = styles[0];
  return (
    <figure className="flex flex-col gap-3" data-testid="look-preview">
      <div
        className="relative aspect-[4/5] w-full overflow-hidden rounded-2xl border border-zinc-200"
        style={{ background: first ? backdropCss(first) : '#d4d4d8' }}
      >
        {backdrop ? (
          <img
            src={backdrop}
            alt=""
            className="absolute inset-0 size-full object-cover"
            data-testid="preview-backdrop"
          />
        ) : null}
        <svg viewBox="0 0 200 250" className="absolute inset-x-0 bottom-0 h-[78%] w-full" aria-hidden="true">
          <ellipse cx="100" cy="92" rx="38" ry="46" fill="#e8c4a8" />
          <path d="M20 250c6-62 40-92 80-92s74 30 80 92z" fill="#3f3f46" />
          <path d="M84 150h32l-16 40z" fill="#f4f4f5" />
        </svg>
        {logo ? (
          <img
            src={logo}
            alt=""
            className="absolute left-3 top-3 max-h-10 max-w-[40%] rounded bg-white/80 object-contain p-1"
            data-testid="preview-logo"
          />
        ) : null}
      </div>
      {styles.length ? (
        <ul className="grid grid-cols-4 gap-2" aria-label="Chosen styles">
          {styles.slice(0, 8).map((s) => (
            <li
              key={s.id}
              className="aspect-[4/5] overflow-hidden rounded-lg border border-zinc-200"
              style={{ background: backdropCss(s) }}
              title={s.name}
            >
              {s.preview ? (
                <img src={fileUrl(s, s.preview, '160x200')} alt={s.name} className="size-full object-cover" />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <figcaption className="text-sm text-zinc-600">
        {styles.length
          ? `Members get ${styles.map((s) => s.name).join(', ')}${team.brandBackdrop || localBackdrop ? ', on your brand backdrop' : ''}.`
          : 'Pick at least one style to see the look.'}
      </figcaption>
    </figure>
  );
}
