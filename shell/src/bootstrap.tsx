import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { sdk } from '@devcircle/sdk';
import './styles';
import { App } from './app/App';
import { installErrorReporting } from './features/errors/reportErrors';
import { warmUpSignedIn } from './features/remotes/warmUp';

installErrorReporting();

// The stored session is checked while, for a member, the screen's remote and first data are already on their way
// (a visitor's landing needs neither: the remotes' locations are read when a remote screen first opens).
void sdk.auth.init();
if (sdk.auth.getState().token) warmUpSignedIn(sdk, window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
