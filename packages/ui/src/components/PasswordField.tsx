import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { TextField, type TextFieldProps } from './TextField';
import styles from './Field.module.css';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a Show/Hide toggle (named "Show password" / "Hide password", `aria-pressed`). */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
        >
          {visible ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
          <span>{visible ? 'Hide' : 'Show'}</span>
        </button>
      }
    />
  );
}
