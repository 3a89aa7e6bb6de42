import { Bug } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

// The dialog's code comes when someone reaches for the link (pointer or focus), not with every page.
const loadDialog = () => import('./BugReportDialog');
const BugReportDialog = lazy(() => loadDialog().then((module) => ({ default: module.BugReportDialog })));

/** The Report link: opens the bug-report dialog. */
export function ReportBugButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadDialog();
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Bug size={16} aria-hidden="true" />
        Report a bug
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <BugReportDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
