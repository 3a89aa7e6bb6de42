import { Skeleton, VisuallyHidden } from '@devcircle/ui';
import card from './AuthCard.module.css';
import form from './Form.module.css';
import styles from './AuthCardSkeleton.module.css';

/** The parts of an account screen's card, for its skeleton: what takes its space, not what it says. */
export interface AuthCardShape {
  /** Lines of the subtitle under the title (0: none). */
  subtitleLines: number;
  /** Labelled fields of the form, above its full-width submit button (0: no form). */
  fields: number;
  /** Without a form: one full-width button or link, or two buttons side by side. */
  action?: 'one' | 'two';
  /** The line under the card (e.g. 'New to DevCircle? Create account'). */
  footer: boolean;
}

const line = (width: string) => <Skeleton width={width} height="0.875em" />;

/**
 * An account screen while its code loads: the centred card with the geometry of that screen (title, subtitle
 * lines, fields, button, footer line), so the screen takes the card's place without moving anything.
 */
export function AuthCardSkeleton({ shape }: { shape: AuthCardShape }) {
  return (
    <div className={card.page} aria-busy="true">
      <VisuallyHidden role="status">Loading</VisuallyHidden>
      <div className={card.card} aria-hidden="true">
        <div className={card.header}>
          <div className={styles.title}>
            <Skeleton width="60%" height="1em" />
          </div>
          {Array.from({ length: shape.subtitleLines }, (_, index) => (
            <div key={index} className={index === 0 ? styles.firstSubtitleLine : styles.textLine}>
              {line(index === shape.subtitleLines - 1 ? '55%' : '95%')}
            </div>
          ))}
        </div>
        {shape.fields > 0 && (
          <div className={form.form}>
            {Array.from({ length: shape.fields }, (_, index) => (
              <div key={index} className={styles.field}>
                <div className={styles.textLine}>{line('35%')}</div>
                <Skeleton height="var(--tap-target)" radius="var(--radius-md)" />
              </div>
            ))}
            <Skeleton height="var(--tap-target)" radius="var(--radius-md)" className={form.submit} />
          </div>
        )}
        {shape.fields === 0 && shape.action === 'one' && (
          <Skeleton height="var(--tap-target)" radius="var(--radius-md)" />
        )}
        {shape.fields === 0 && shape.action === 'two' && (
          <div className={styles.buttons}>
            <Skeleton height="var(--tap-target)" radius="var(--radius-md)" />
            <Skeleton height="var(--tap-target)" radius="var(--radius-md)" />
          </div>
        )}
      </div>
      {shape.footer && (
        <div className={styles.footer} aria-hidden="true">
          {line('12em')}
        </div>
      )}
    </div>
  );
}
