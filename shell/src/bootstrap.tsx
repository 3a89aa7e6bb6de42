import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { sdk } from '@devcircle/sdk';
import './styles';
import { App } from './app/App';
import { ensureRemotesRegistered } from './features/remotes/registerRemotes';

// Both start at once: the stored session is checked while the remotes' locations are read.
void sdk.auth.init();
ensureRemotesRegistered().catch((error: unknown) => {
  // Each remote's area shows its own fallback (and retries the read); the shell itself keeps working.
  console.error('[shell] could not read /remotes.json', error);
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
