import { useId, useState, type KeyboardEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { SKILL_MAX } from '@devcircle/contracts';
import { Button, IconButton, TextField } from '@devcircle/ui';
import { withSkill } from './profileForm';
import styles from './SkillsEditor.module.css';

export interface SkillsEditorProps {
  skills: string[];
  onChange(skills: string[]): void;
  disabled?: boolean;
}

/** Skills: type one and press Add or Enter (trimmed, no duplicates); each listed one has its x. */
export function SkillsEditor({ skills, onChange, disabled }: SkillsEditorProps) {
  const [input, setInput] = useState('');
  const listId = useId();
  const hintId = useId();

  const add = () => {
    onChange(withSkill(skills, input));
    setInput('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the skill; it never submits the whole form.
    event.preventDefault();
    if (input.trim()) add();
  };

  return (
    <div className={styles.editor}>
      <div className={styles.row}>
        <TextField
          label="Skills"
          value={input}
          maxLength={SKILL_MAX}
          placeholder="e.g. TypeScript"
          fieldClassName={styles.field}
          aria-describedby={hintId}
          disabled={disabled}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button
          variant="secondary"
          className={styles.add}
          icon={<Plus size={18} aria-hidden="true" />}
          disabled={disabled || !input.trim()}
          onClick={add}
        >
          Add
        </Button>
      </div>
      <p id={hintId} className={styles.hint}>
        Press Enter or Add to list a skill.
      </p>
      {skills.length > 0 && (
        <ul id={listId} className={styles.skills} aria-label="Your skills">
          {skills.map((skill) => (
            <li key={skill} className={styles.skill}>
              <span className={styles.skillText}>{skill}</span>
              <IconButton
                label={`Remove ${skill}`}
                className={styles.remove}
                disabled={disabled}
                onClick={() => onChange(skills.filter((item) => item !== skill))}
              >
                <X size={16} aria-hidden="true" />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
