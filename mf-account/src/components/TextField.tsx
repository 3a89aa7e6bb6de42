import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './Form.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  /** Something inside the input's right edge (the Show/Hide toggle). */
  trailing?: ReactNode;
  /** Beside the label (the Forgot password link). */
  labelAside?: ReactNode;
}

/** A labelled input with its own error line, wired with aria-invalid and aria-describedby. */
export function TextField({ label, error, trailing, labelAside, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {labelAside}
      </div>
      <div className={styles.control}>
        <input
          id={id}
          className={`${styles.input} ${trailing ? styles.withTrailing : ''} ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {trailing}
      </div>
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
