import styles from './SkillList.module.css';

/** How many skills the header shows before '+N more' (product-spec §9). */
export const HEADER_SKILL_COUNT = 5;

export interface SkillListProps {
  skills: string[];
  /** Show only this many, then '+N more'; all when absent. */
  limit?: number;
  label: string;
}

/** Skills as tags (a list), optionally the first few then '+N more'. */
export function SkillList({ skills, limit, label }: SkillListProps) {
  const shown = limit === undefined ? skills : skills.slice(0, limit);
  const more = skills.length - shown.length;
  return (
    <ul className={styles.skills} aria-label={label}>
      {shown.map((skill) => (
        <li key={skill} className={styles.skill}>
          {skill}
        </li>
      ))}
      {more > 0 && <li className={styles.more}>+{more} more</li>}
    </ul>
  );
}
