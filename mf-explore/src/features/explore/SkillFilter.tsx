import { SelectField } from '@devcircle/ui';
import styles from './SkillFilter.module.css';

export interface SkillFilterProps {
  skills: readonly string[];
  /** '' for All Skills. */
  value: string;
  onChange(skill: string): void;
}

/** The skill dropdown (desktop): 'All Skills' plus the skills of the loaded developers. */
export function SkillFilter({ skills, value, onChange }: SkillFilterProps) {
  return (
    <SelectField
      label="Skill"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fieldClassName={styles.field}
    >
      <option value="">All Skills</option>
      {skills.map((skill) => (
        <option key={skill} value={skill}>
          {skill}
        </option>
      ))}
    </SelectField>
  );
}
