import { mountStandalone } from '@devcircle/shell/src/dev/mountStandalone';
import parcelConfig from '../parcel';

// `npm run dev -w @devcircle/mf-explore`: the explore parcel alone (sign in on the gateway's origin first).
mountStandalone(parcelConfig, '/explore');
