import { cardClassName, cx, Page, Skeleton, VisuallyHidden } from '@devcircle/ui';
import screen from './CreatePostScreen.module.css';
import styles from './CreatePostSkeleton.module.css';

const line = (width: string) => <Skeleton width={width} height="0.875em" />;

/** A labelled field: its label line, the control's box, and the hint / counter line under it when it has one. */
function Field({ control, foot }: { control: string; foot: boolean }) {
  return (
    <div className={styles.field}>
      <div className={styles.smallLine}>{line('40%')}</div>
      <div className={cx(styles.control, control)} />
      {foot && <div className={cx(styles.smallLine, styles.foot)}>{line('3em')}</div>}
    </div>
  );
}

/**
 * /create-post while its code loads: the title, the form card (the post text, the language, the code box, the
 * Publish button) and the preview card, each as tall as what replaces it, so nothing moves when the form arrives.
 */
export function CreatePostSkeleton() {
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">Loading</VisuallyHidden>
      <Page className={screen.page}>
        <div className={styles.title} aria-hidden="true">
          <Skeleton width="7em" height="1em" />
        </div>
        <div className={cx(cardClassName({ stack: false }), screen.form)} aria-hidden="true">
          <Field control={styles.text} foot />
          <Field control={styles.select} foot={false} />
          <Field control={styles.code} foot />
          <div className={screen.actions}>
            <Skeleton width="7.5em" height="var(--tap-target)" radius="var(--radius-md)" />
          </div>
        </div>
        <div className={styles.preview} aria-hidden="true">
          <div className={styles.smallLine}>{line('5em')}</div>
          <div className={cardClassName()}>
            <div className={styles.author}>
              <Skeleton width={40} height={40} radius="var(--radius-full)" />
              <div className={styles.meta}>
                <div className={styles.nameLine}>{line('8em')}</div>
                <div className={styles.metaLine}>{line('10em')}</div>
              </div>
            </div>
            <div className={styles.nameLine}>{line('60%')}</div>
            <div className={cx(styles.smallLine, styles.previewFooter)}>{line('7em')}</div>
          </div>
        </div>
      </Page>
    </div>
  );
}
