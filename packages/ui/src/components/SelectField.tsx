import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx';
import { FieldFrame, useFieldIds, type FieldOwnProps } from './fieldParts';
import styles from './Field.module.css';

export interface SelectFieldProps extends ComponentPropsWithRef<'select'>, FieldOwnProps {
  /** A class for the field wrapper (`className` goes on the select). */
  fieldClassName?: string;
}

/** A labelled native select (its `<option>`s are the children), with hint and error line. */
export function SelectField({
  label,
  error,
  hint,
  labelAside,
  announceError,
  fieldClassName,
  className,
  id,
  children,
  'aria-describedby': describedBy,
  ...select
}: SelectFieldProps) {
  const { controlId, errorId, hintId, aria } = useFieldIds(id, error, hint, describedBy);
  return (
    <FieldFrame
      {...{ controlId, errorId, hintId, label, error, hint, labelAside, announceError }}
      className={fieldClassName}
    >
      <select id={controlId} className={cx(styles.input, styles.select, className)} {...aria} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}
