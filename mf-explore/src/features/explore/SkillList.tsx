import { CARD_SKILL_LIMIT } from './constants';
import styles from './SkillList.module.css';

/** A developer's skills as chips: the first 8 and '+N more', or all of them when `all`. */
export function SkillList({ skills, all = false }: { skills: readonly string[]; all?: boolean }) {
  if (skills.length === 0) return null;
  const shown = all ? skills : skills.slice(0, CARD_SKILL_LIMIT);
  const hidden = skills.length - shown.length;
  return (
    <ul className={styles.skills} aria-label="Skills">
      {shown.map((skill) => (
        <li key={skill} className={styles.skill}>
          {skill}
        </li>
      ))}
      {hidden > 0 && <li className={styles.more}>+{hidden} more</li>}
    </ul>
  );
}
