// `@devcircle/sdk/dev`: a remote's standalone dev page, imported only by each remote's dev entry (which webpack
// builds in development only), and never shared, so no production bundle carries it.
export { mountStandalone, type StandaloneOptions } from './mountStandalone';
