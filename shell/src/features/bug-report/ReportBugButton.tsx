import { Bug } from 'lucide-react';
import { useState } from 'react';
import { BugReportDialog } from './BugReportDialog';

/** The Report link: opens the bug-report dialog. */
export function ReportBugButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Bug size={16} aria-hidden="true" />
        Report a bug
      </button>
      <BugReportDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
