// @devcircle/ui: the shared interface components, shared by the shell and every remote as a federation singleton.
export { AppLink, type AppLinkProps } from './navigation/AppLink';
