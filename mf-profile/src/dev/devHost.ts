import { mountStandalone } from '@devcircle/shell/src/dev/mountStandalone';
import parcelConfig from '../parcel';

// `npm run dev -w @devcircle/mf-profile`: the profile parcel alone (sign in on the gateway's origin first).
mountStandalone(parcelConfig, '/profile/me');
