import { useState, type ChangeEvent, type ComponentPropsWithRef } from 'react';
import { cx } from './cx';
import { FieldFrame, useFieldIds, type FieldOwnProps } from './fieldParts';
import styles from './Field.module.css';

export interface TextAreaProps extends ComponentPropsWithRef<'textarea'>, FieldOwnProps {
  /** Show `n/max` under the textarea (needs `maxLength`). */
  showCounter?: boolean;
  /** A class for the field wrapper (`className` goes on the textarea). */
  fieldClassName?: string;
}

/** A labelled textarea with hint, error line and an optional `n/max` character counter. */
export function TextArea({
  label,
  error,
  hint,
  labelAside,
  announceError,
  showCounter = false,
  fieldClassName,
  className,
  id,
  maxLength,
  value,
  defaultValue,
  onChange,
  'aria-describedby': describedBy,
  ...textarea
}: TextAreaProps) {
  const [typedLength, setTypedLength] = useState(() => String(defaultValue ?? '').length);
  const counting = showCounter && maxLength !== undefined;
  const { controlId, errorId, hintId, aria } = useFieldIds(id, error, hint, describedBy);
  const counterId = `${controlId}-counter`;
  const length = value !== undefined ? String(value).length : typedLength;

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setTypedLength(event.target.value.length);
    onChange?.(event);
  };

  return (
    <FieldFrame
      {...{ controlId, errorId, hintId, label, error, hint, labelAside, announceError }}
      className={fieldClassName}
      footerAside={
        counting ? (
          <span id={counterId} className={cx(styles.counter, length >= maxLength && styles.counterFull)}>
            {length}/{maxLength}
          </span>
        ) : undefined
      }
    >
      <textarea
        id={controlId}
        className={cx(styles.input, styles.textarea, className)}
        maxLength={maxLength}
        value={value}
        defaultValue={defaultValue}
        onChange={handleChange}
        {...aria}
        aria-describedby={cx(aria['aria-describedby'], counting && counterId) || undefined}
        {...textarea}
      />
    </FieldFrame>
  );
}
