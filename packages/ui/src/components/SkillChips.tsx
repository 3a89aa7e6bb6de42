import { cx } from './cx';
import styles from './SkillChips.module.css';

export interface SkillChipsProps {
  skills: readonly string[];
  /** Show only this many, then a '+N more' chip; all of them when absent. */
  max?: number;
  /** The list's accessible name, e.g. 'Skills'. */
  label: string;
  /** `sm`: compact chips (inside a card); `md` (default): a profile's tags. */
  size?: 'sm' | 'md';
  className?: string;
}

/** Skills as chips in a labelled list, optionally the first `max` then '+N more'. Nothing for no skills. */
export function SkillChips({ skills, max, label, size = 'md', className }: SkillChipsProps) {
  if (skills.length === 0) return null;
  const shown = max === undefined ? skills : skills.slice(0, max);
  const more = skills.length - shown.length;
  return (
    <ul className={cx(styles.skills, styles[size], className)} aria-label={label}>
      {shown.map((skill) => (
        <li key={skill} className={styles.skill}>
          {skill}
        </li>
      ))}
      {more > 0 && <li className={styles.more}>+{more} more</li>}
    </ul>
  );
}
