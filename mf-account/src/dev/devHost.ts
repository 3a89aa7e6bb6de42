// The design tokens and the reset the shell loads, so the remote looks the same alone (dev only).
import '@devcircle/ui/styles/tokens.css';
import '@devcircle/ui/styles/reset.css';
import { ROUTES } from '@devcircle/contracts';
import { mountStandalone } from '@devcircle/sdk/dev';
import parcelConfig from '../parcel';

// `npm run dev -w @devcircle/mf-account`: the account parcel alone, opening on the login screen, which signs in
// by itself (so no dev sign-in form).
void mountStandalone(parcelConfig, ROUTES.login, { devSignIn: false });
