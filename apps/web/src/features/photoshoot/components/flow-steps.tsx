import { Link } from '@tanstack/react-router';
import { cx } from '../../../ui';
import { useFlow } from '../flow-context';
import { allowedSteps, type Step } from '../lifecycle';
import type { Photoshoot } from '../../../shared/records';

const VISIBLE: Array<{ step: Step; label: string; also?: Step[] }> = [
  { step: 'upload', label: 'Photos' },
  { step: 'styles', label: 'Styles' },
  { step: 'payment', label: 'Payment', also: ['payment-return'] },
  { step: 'processing', label: 'Processing' },
  { step: 'results', label: 'Results', also: ['review'] },
];

/** Where the visitor is in the flow; steps the lifecycle allows are links. */
export function FlowSteps({ photoshoot, current }: { photoshoot: Photoshoot; current: Step }) {
  const flow = useFlow();
  const allowed = allowedSteps(photoshoot);
  // The team flow has no payment: the member submits on a team seat from the styles step.
  const visible = flow.teamId ? VISIBLE.filter((s) => s.step !== 'payment') : VISIBLE;
  const currentIndex = visible.findIndex((s) => s.step === current || s.also?.includes(current));
  return (
    <nav aria-label="Photoshoot steps" className="mb-6 overflow-x-auto">
      <ol className="flex min-w-max items-center gap-1 text-sm sm:gap-2">
        {visible.map((s, i) => {
          const isCurrent = i === currentIndex;
          const done = i < currentIndex;
          const reachable = !isCurrent && allowed.includes(s.step);
          const badge = (
            <span
              className={cx(
                'inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                isCurrent
                  ? 'bg-brand-600 text-white'
                  : done
                    ? 'bg-brand-100 text-brand-800'
                    : 'bg-zinc-200 text-zinc-600',
              )}
              aria-hidden="true"
            >
              {done ? '✓' : i + 1}
            </span>
          );
          const body = (
            <>
              {badge}
              {/* note: on a phone only the current step is named, so the row fits without scrolling. */}
              <span
                className={cx(
                  isCurrent ? 'font-semibold text-zinc-900' : 'sr-only text-zinc-600 sm:not-sr-only',
                )}
              >
                {s.label}
              </span>
              {done ? <span className="sr-only">(done)</span> : null}
            </>
          );
          return (
            <li key={s.step} className="flex items-center gap-1 sm:gap-2">
              {i > 0 ? <span className="h-px w-3 bg-zinc-300 sm:w-6" aria-hidden="true" /> : null}
              {reachable ? (
                <Link
                  to={flow.path(s.step)}
                  className="inline-flex items-center gap-1.5 rounded-lg px-1.5 py-1 hover:bg-zinc-100"
                >
                  {body}
                </Link>
              ) : (
                <span
                  className="inline-flex items-center gap-1.5 px-1.5 py-1"
                  aria-current={isCurrent ? 'step' : undefined}
                >
                  {body}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
