import { useId, type ReactNode } from 'react';
import { cx, Skeleton, VisuallyHidden } from '@devcircle/ui';
import styles from './Switch.module.css';

interface SwitchProps {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The state in words beside the track (e.g. Private / Public); default On / Off. */
  stateLabels?: { on: string; off: string };
  /** A change is being saved: further presses are ignored, focus stays on the switch. */
  busy?: boolean;
  disabled?: boolean;
}

/** A labelled on/off switch (`role="switch"` with `aria-checked`), the whole row at least a tap target tall. */
export function Switch({
  label,
  hint,
  checked,
  onChange,
  stateLabels = { on: 'On', off: 'Off' },
  busy = false,
  disabled = false,
}: SwitchProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className={styles.row}>
      <div className={styles.text}>
        <span id={labelId} className={styles.label}>
          {label}
        </span>
        {hint && (
          <span id={hintId} className={styles.hint}>
            {hint}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        aria-busy={busy || undefined}
        aria-disabled={busy || undefined}
        disabled={disabled}
        className={styles.control}
        onClick={() => {
          if (!busy) onChange(!checked);
        }}
      >
        <span className={styles.state} aria-hidden="true">
          {checked ? stateLabels.on : stateLabels.off}
        </span>
        <span className={cx(styles.track, checked && styles.on)} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
      </button>
    </div>
  );
}

/**
 * A switch whose value is still loading: the same row with its words, and in the control's place a shape of the
 * same size (its state word kept but unseen), so the row is as tall and as wide as the switch that replaces it.
 */
export function SwitchPlaceholder({
  label,
  hint,
  stateLabels = { on: 'On', off: 'Off' },
  status,
}: Pick<SwitchProps, 'label' | 'hint' | 'stateLabels'> & {
  /** What a screen reader hears while it loads; none inside a skeleton that says it for the whole screen. */
  status?: string;
}) {
  return (
    <div className={styles.row} aria-busy="true">
      {status && <VisuallyHidden role="status">{status}</VisuallyHidden>}
      <div className={styles.text} aria-hidden="true">
        <span className={styles.label}>{label}</span>
        {hint && <span className={styles.hint}>{hint}</span>}
      </div>
      <span className={cx(styles.control, styles.placeholder)} aria-hidden="true">
        <span className={styles.state}>{stateLabels.off}</span>
        <Skeleton width={44} height={24} radius="var(--radius-full)" />
      </span>
    </div>
  );
}
