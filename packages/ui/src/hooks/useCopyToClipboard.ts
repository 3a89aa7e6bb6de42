import { useCallback, useEffect, useRef, useState } from 'react';

/** The old way, for browsers without the async clipboard (or where it is refused): a hidden textarea. */
function copyWithTextarea(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.top = '0';
  textarea.style.left = '0';
  textarea.style.opacity = '0';
  textarea.style.pointerEvents = 'none';
  document.body.appendChild(textarea);
  const previous = document.activeElement as HTMLElement | null;
  try {
    textarea.focus();
    textarea.select();
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } finally {
    textarea.remove();
    previous?.focus?.();
  }
}

/**
 * Copies text to the clipboard: `navigator.clipboard.writeText` when there is one, else a hidden textarea and
 * `execCommand('copy')`. `copied` is true for `resetAfterMs` after a successful copy. A failure is only
 * logged (console.warn); `copy` resolves to false and never throws.
 */
export function useCopyToClipboard(resetAfterMs = 2000): {
  copied: boolean;
  copy: (text: string) => Promise<boolean>;
} {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      let ok = false;
      try {
        if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
          await navigator.clipboard.writeText(text);
          ok = true;
        }
      } catch (error) {
        console.warn('Clipboard write failed, trying the fallback', error);
      }
      if (!ok) {
        try {
          ok = copyWithTextarea(text);
        } catch (error) {
          console.warn('Copy fallback failed', error);
        }
        if (!ok) console.warn('Could not copy to the clipboard');
      }
      if (mounted.current) {
        clearTimeout(timer.current);
        setCopied(ok);
        if (ok) timer.current = setTimeout(() => mounted.current && setCopied(false), resetAfterMs);
      }
      return ok;
    },
    [resetAfterMs],
  );

  return { copied, copy };
}
