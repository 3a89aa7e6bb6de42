import { useId, type ReactNode } from 'react';
import { cx } from './cx';
import { FieldError } from './FieldError';
import styles from './Field.module.css';

/** What every labelled field takes besides its control's own attributes. */
export interface FieldOwnProps {
  label: string;
  /** The error line; also sets aria-invalid. */
  error?: string;
  /** A help line under the control. */
  hint?: ReactNode;
  /** Beside the label (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  /** Announce the error as soon as it appears (`role="alert"`). */
  announceError?: boolean;
}

/** Ids and ARIA wiring shared by TextField, TextArea and SelectField. */
export function useFieldIds(
  id: string | undefined,
  error: string | undefined,
  hint: ReactNode,
  describedBy?: string,
) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedByIds = cx(describedBy, hint ? hintId : undefined, error ? errorId : undefined);
  return {
    controlId,
    errorId,
    hintId,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedByIds || undefined,
    } as const,
  };
}

/** Label row, control, hint and error, laid out as one field. */
export function FieldFrame({
  controlId,
  errorId,
  hintId,
  label,
  labelAside,
  hint,
  error,
  announceError,
  footerAside,
  className,
  children,
}: FieldOwnProps & {
  controlId: string;
  errorId: string;
  hintId: string;
  footerAside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx(styles.field, className)}>
      <div className={styles.labelRow}>
        <label htmlFor={controlId} className={styles.label}>
          {label}
        </label>
        {labelAside}
      </div>
      {children}
      {(hint || footerAside) && (
        <div className={styles.footRow}>
          {hint ? (
            <p id={hintId} className={styles.hint}>
              {hint}
            </p>
          ) : (
            <span />
          )}
          {footerAside}
        </div>
      )}
      {error && (
        <FieldError id={errorId} announce={announceError}>
          {error}
        </FieldError>
      )}
    </div>
  );
}
