// The design tokens and the reset the shell loads, so the remote looks the same alone (dev only).
import '@devcircle/ui/styles/tokens.css';
import '@devcircle/ui/styles/reset.css';
import { ROUTES } from '@devcircle/contracts';
import { mountStandalone } from '@devcircle/sdk/dev';
import parcelConfig from '../parcel';

// `npm run dev -w @devcircle/mf-profile`: the profile parcel alone (signed out, a dev-only form signs in first).
void mountStandalone(parcelConfig, ROUTES.profile('me'));
