import type { ServiceDeps } from '@devcircle/service-kit';
import { AuthClient } from './clients/auth';
import { PostsClient } from './clients/posts';
import { loadUsersSettings, type UsersSettings } from './config';
import { FollowRepository } from './follows/repository';
import { ProfileRepository } from './profiles/repository';

/** Everything the route handlers and the consumer share, built once per running service. */
export interface UsersContext {
  deps: ServiceDeps;
  settings: UsersSettings;
  profiles: ProfileRepository;
  follows: FollowRepository;
  posts: PostsClient;
  auth: AuthClient;
}

const contexts = new WeakMap<ServiceDeps, UsersContext>();

/** The context of one running service (routes and consumers are set up separately from the same deps). */
export function usersContext(deps: ServiceDeps): UsersContext {
  let context = contexts.get(deps);
  if (!context) {
    const settings = loadUsersSettings(deps.env);
    const secret = deps.config.internalSecret;
    context = {
      deps,
      settings,
      profiles: new ProfileRepository(deps.db),
      follows: new FollowRepository(deps.db),
      posts: new PostsClient(settings.postsUrl, secret, settings.upstreamTimeoutMs, deps.logger),
      auth: new AuthClient(settings.authUrl, secret, settings.upstreamTimeoutMs, deps.logger),
    };
    contexts.set(deps, context);
  }
  return context;
}
