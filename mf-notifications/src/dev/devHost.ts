import { mountStandalone } from '@devcircle/shell/src/dev/mountStandalone';
import parcelConfig from '../parcel';

// `npm run dev -w @devcircle/mf-notifications`: the notifications parcel alone (sign in on the gateway's origin first).
mountStandalone(parcelConfig, '/notifications');
