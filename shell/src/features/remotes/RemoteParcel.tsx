import { useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { RemoteFallback } from './RemoteFallback';
import { RemoteLoading } from './RemoteLoading';
import type { RemoteName } from '@devcircle/contracts';
import { useRemoteParcel } from './useRemoteParcel';
import styles from './RemoteParcel.module.css';

interface RemoteParcelProps {
  remote: RemoteName;
}

/**
 * One remote's area of the page. Whatever happens to the remote (missing, slow, throwing) stays inside this
 * area: the top bar and the rest of the shell keep working.
 */
export function RemoteParcel({ remote }: RemoteParcelProps) {
  const location = useLocation();
  const containerRef = useRef<HTMLDivElement>(null);
  const { status, retry } = useRemoteParcel(remote, containerRef, {
    path: location.pathname,
    search: location.search,
  });

  return (
    <section
      className={styles.area}
      data-remote={remote}
      data-remote-status={status}
      aria-busy={status === 'loading'}
    >
      {/* Over the remote's area, not above it: what the remote draws (its skeleton first) starts where it will
          stay, and the spinner gives way as soon as there is something (no jump when loading ends). */}
      {status === 'loading' && (
        <div className={styles.placeholder}>
          <RemoteLoading />
        </div>
      )}
      {status === 'failed' && <RemoteFallback onRetry={retry} />}
      <div ref={containerRef} className={styles.mount} hidden={status === 'failed'} />
    </section>
  );
}
