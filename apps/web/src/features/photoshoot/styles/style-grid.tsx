import type { Style } from '../../../shared/records';
import { StyleCard } from './style-card';

/**
 * The styles to choose from, as cards. A chosen one is marked; once the package's limit is
 * reached the others cannot be added, and a choice the team admin locked cannot be changed.
 */
export function StyleGrid({
  styles,
  isChosen,
  full,
  locked = false,
  onToggle,
}: {
  styles: Style[];
  isChosen: (id: string) => boolean;
  /** The limit is reached: only chosen styles can be toggled (off). */
  full: boolean;
  locked?: boolean;
  onToggle: (id: string) => void;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {styles.map((s) => {
        const chosen = locked || isChosen(s.id);
        return (
          <StyleCard
            key={s.id}
            style={s}
            selected={chosen}
            disabled={locked || (!chosen && full)}
            onToggle={() => onToggle(s.id)}
          />
        );
      })}
    </ul>
  );
}
