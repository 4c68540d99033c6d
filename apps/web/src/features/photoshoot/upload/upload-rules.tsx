import type { ReactNode } from 'react';

/**
 * The upload rules in plain words, each with a tiny drawing: what makes a good selfie and what
 * gets a photo refused. People read pictures faster than lists.
 */
const GOOD: Array<{ title: string; text: string; art: ReactNode }> = [
  {
    title: 'Just you, face clearly visible',
    text: 'Look at the camera or slightly away, eyes open, head upright.',
    art: <Face />,
  },
  {
    title: 'Good, even light',
    text: 'Daylight from a window is ideal; no harsh shadows.',
    art: <Face light />,
  },
  { title: 'Variety', text: 'Different days, clothes, backgrounds and expressions.', art: <Face tilt /> },
];

const BAD: Array<{ title: string; text: string; art: ReactNode }> = [
  {
    title: 'Other people in the photo',
    text: 'Even a shoulder or hair of someone else at the edge can get it refused; crop them out.',
    art: <Face group />,
  },
  {
    title: 'Sunglasses, hats, masks',
    text: 'Anything that hides your eyes or face.',
    art: <Face sunglasses />,
  },
  {
    title: 'Blurry, dark or far away',
    text: 'Your face should fill a good part of the photo.',
    art: <Face blurry />,
  },
];

export function UploadRules() {
  return (
    <section aria-labelledby="rules-title" className="rounded-2xl border border-zinc-200 bg-white p-4 sm:p-6">
      <h2 id="rules-title" className="text-lg font-semibold text-zinc-900">
        What makes a good selfie
      </h2>
      <p className="mt-1 text-sm text-zinc-600">
        We check every photo as it arrives and tell you straight away if one cannot be used. Upload 6 to 20
        recent photos of yourself, taken on different occasions.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <RuleList tone="good" heading="Do" rules={GOOD} />
        <RuleList tone="bad" heading="Avoid" rules={BAD} />
      </div>
    </section>
  );
}

function RuleList({
  tone,
  heading,
  rules,
}: {
  tone: 'good' | 'bad';
  heading: string;
  rules: Array<{ title: string; text: string; art: ReactNode }>;
}) {
  return (
    <div>
      <h3 className={`text-sm font-semibold ${tone === 'good' ? 'text-emerald-700' : 'text-red-700'}`}>
        {heading}
      </h3>
      <ul className="mt-2 flex flex-col gap-2">
        {rules.map((r) => (
          <li key={r.title} className="flex items-center gap-3">
            <div
              className={`relative size-14 shrink-0 overflow-hidden rounded-lg ${tone === 'good' ? 'bg-emerald-50' : 'bg-red-50'}`}
              aria-hidden="true"
            >
              {r.art}
              <span
                className={`absolute bottom-0.5 right-0.5 flex size-4 items-center justify-center rounded-full text-[10px] font-bold text-white ${tone === 'good' ? 'bg-emerald-600' : 'bg-red-600'}`}
              >
                {tone === 'good' ? '✓' : '✕'}
              </span>
            </div>
            <div className="min-w-0">
              <p className="text-sm font-medium text-zinc-900">
                <span className="sr-only">{tone === 'good' ? 'Do: ' : 'Avoid: '}</span>
                {r.title}
              </p>
              <p className="text-xs text-zinc-600">{r.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Face({
  light,
  tilt,
  group,
  sunglasses,
  blurry,
}: {
  light?: boolean;
  tilt?: boolean;
  group?: boolean;
  sunglasses?: boolean;
  blurry?: boolean;
}) {
  const skin = light ? '#f3c9a8' : '#e0b090';
  const head = (cx: number, cy: number, r: number, key?: string) => (
    <g key={key}>
      <circle cx={cx} cy={cy} r={r} fill={skin} />
      <path
        d={`M${cx - r * 1.6} 64c0-${r * 1.2} ${r * 0.7}-${r * 1.8} ${r * 1.6}-${r * 1.8}s${r * 1.6} ${r * 0.6} ${r * 1.6} ${r * 1.8}z`}
        fill="#6b7280"
      />
    </g>
  );
  return (
    <svg viewBox="0 0 56 56" className="size-full" style={blurry ? { filter: 'blur(1.2px)' } : undefined}>
      {light ? <circle cx="46" cy="10" r="6" fill="#fde68a" /> : null}
      {group ? (
        <>
          {head(14, 28, 7, 'a')}
          {head(42, 28, 7, 'b')}
          {head(28, 24, 8, 'c')}
        </>
      ) : blurry ? (
        head(28, 34, 6)
      ) : (
        <g transform={tilt ? 'rotate(-10 28 28)' : undefined}>
          {head(28, 24, 11)}
          <circle cx="24" cy="23" r="1.4" fill="#1f2937" />
          <circle cx="32" cy="23" r="1.4" fill="#1f2937" />
          <path d="M24 29q4 3 8 0" stroke="#1f2937" strokeWidth="1.2" fill="none" strokeLinecap="round" />
        </g>
      )}
      {sunglasses ? (
        <g fill="#111827">
          <rect x="19" y="20" width="8" height="5" rx="2" />
          <rect x="29" y="20" width="8" height="5" rx="2" />
          <rect x="26" y="21.5" width="4" height="1.2" />
          <path d="M15 15h26l-3-6H18z" fill="#374151" />
        </g>
      ) : null}
    </svg>
  );
}
