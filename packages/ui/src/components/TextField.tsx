import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import { FieldFrame, useFieldIds, type FieldOwnProps } from './fieldParts';
import styles from './Field.module.css';

export interface TextFieldProps extends ComponentPropsWithRef<'input'>, FieldOwnProps {
  /** Something inside the input's right edge (the Show/Hide toggle). */
  trailing?: ReactNode;
  /** A class for the field wrapper (`className` goes on the input). */
  fieldClassName?: string;
}

/** A labelled input with its hint and error line, wired with aria-invalid and aria-describedby. */
export function TextField({
  label,
  error,
  hint,
  labelAside,
  announceError,
  trailing,
  fieldClassName,
  className,
  id,
  'aria-describedby': describedBy,
  ...input
}: TextFieldProps) {
  const { controlId, errorId, hintId, aria } = useFieldIds(id, error, hint, describedBy);
  return (
    <FieldFrame
      {...{ controlId, errorId, hintId, label, error, hint, labelAside, announceError }}
      className={fieldClassName}
    >
      <div className={styles.control}>
        <input
          id={controlId}
          className={cx(styles.input, trailing ? styles.withTrailing : undefined, className)}
          {...aria}
          {...input}
        />
        {trailing}
      </div>
    </FieldFrame>
  );
}
