import { useId, useLayoutEffect, useRef, useState } from 'react';
import { cx, useMediaQuery } from '@devcircle/ui';
import styles from './BioText.module.css';

/** Below the mobile breakpoint (product-spec §9) the bio is clamped to 3 lines. */
const PHONE_QUERY = '(max-width: 767px)';

/** The bio as text with its line breaks; on phones clamped to 3 lines with View More / View Less. */
export function BioText({ bio }: { bio: string }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [expanded, setExpanded] = useState(false);
  const [overflowing, setOverflowing] = useState(false);
  const textRef = useRef<HTMLParagraphElement>(null);
  const textId = useId();
  const clamped = phone && !expanded;

  // Whether 3 lines hide anything: measured while clamped, kept while expanded (the toggle must stay).
  useLayoutEffect(() => {
    const element = textRef.current;
    if (!phone || !element || expanded) return;
    const measure = () => setOverflowing(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [phone, expanded, bio]);

  return (
    <div>
      <p id={textId} ref={textRef} className={cx(styles.bio, clamped && styles.clamped)}>
        {bio}
      </p>
      {phone && (overflowing || expanded) && (
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'View Less' : 'View More'}
        </button>
      )}
    </div>
  );
}
