import type { ServiceDefinition } from '@devcircle/service-kit';

/**
 * The posts service: posts, likes and comments. For now a running process with the kit's `/health` and
 * `/ready`; its routes and indexes arrive with the posts features.
 */
export const definition: ServiceDefinition = {
  name: 'posts',
  routes: () => {},
};
