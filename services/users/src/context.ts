import type { ServiceContext, ServiceDeps } from '@devcircle/service-kit';
import { AuthClient } from './clients/auth';
import { PostsClient } from './clients/posts';
import { loadUsersSettings, type UsersSettings } from './config';
import { OneAtATime } from './follows/one-at-a-time';
import { FollowRepository } from './follows/repository';
import { ProfileRepository } from './profiles/repository';
import { RelationRepository } from './relations/repository';

/** Everything the routes and the consumer share, built once per start (the definition's `context`). */
export interface UsersContext extends ServiceContext {
  settings: UsersSettings;
  profiles: ProfileRepository;
  follows: FollowRepository;
  /** Blocks and mutes (docs/safety.md). */
  relations: RelationRepository;
  /** Follow and unfollow transactions of this process, one at a time. */
  followWrites: OneAtATime;
  posts: PostsClient;
  auth: AuthClient;
}

/** The users service's own settings are read here, at start, so a bad value stops the start with its message. */
export function createUsersContext(deps: ServiceDeps): UsersContext {
  const settings = loadUsersSettings(deps.env);
  const secret = deps.config.internalSecret;
  return {
    deps,
    settings,
    profiles: new ProfileRepository(deps.db),
    follows: new FollowRepository(deps.db),
    relations: new RelationRepository(deps.db),
    followWrites: new OneAtATime(),
    posts: new PostsClient(settings.postsUrl, secret, settings.upstreamTimeoutMs, deps.logger),
    auth: new AuthClient(settings.authUrl, secret, settings.upstreamTimeoutMs, deps.logger),
  };
}
