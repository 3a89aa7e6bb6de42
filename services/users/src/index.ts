import type { ServiceDefinition } from '@devcircle/service-kit';

/**
 * The users service: profiles, follows and developer search. For now a running process with the kit's
 * `/health` and `/ready`; its routes and indexes arrive with the profile features.
 */
export const definition: ServiceDefinition = {
  name: 'users',
  routes: () => {},
};
