import { useEffect, useState, type RefObject } from 'react';

/** Whether the element is in the viewport (IntersectionObserver); true where the browser has no observer. */
export function useSentinelVisible(ref: RefObject<Element | null>, enabled: boolean): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (entry) setVisible(entry.isIntersecting);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      setVisible(false);
    };
  }, [ref, enabled]);
  return visible;
}
