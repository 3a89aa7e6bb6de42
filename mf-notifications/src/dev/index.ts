// Dev-only standalone host. The asynchronous boundary lets the federation runtime set up the shared scope first.
import('./devHost');
