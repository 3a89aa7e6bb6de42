import { mountStandalone } from '@devcircle/shell/src/dev/mountStandalone';
import parcelConfig from '../parcel';

// `npm run dev -w @devcircle/mf-account`: the account parcel alone, opening on the login screen.
mountStandalone(parcelConfig, '/login');
