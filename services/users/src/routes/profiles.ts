import { PROFILE_PAGE_SIZE } from '@devcircle/contracts';
import {
  callerIn,
  forbidden,
  HttpError,
  Joi,
  limitField,
  pageQuery,
  requireIdentity,
  validate,
  validated,
  type PageQuery,
  type Router,
} from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import { emptyPagination } from '../clients/posts';
import type { UsersContext } from '../context';
import { followersQuery, followingQuery, type FollowQuery } from '../follows/repository';
import { PROFILE_PRIVATE } from '../profiles/messages';
import { toPublicUser, toRestrictedUser, toSummary, type UserSummary } from '../profiles/profile';
import { visibilityOf } from '../privacy/visibility';
import { loadProfile } from './load';

/** Followers and following come 20 to a page unless `limit` says otherwise. */
const FOLLOWS_PAGE_SIZE = 20;
/** How many followers / following a profile answer embeds when asked. */
const EMBEDDED_FOLLOWS = 50;

interface ProfileParams {
  limit: number;
  includeFollowersData: boolean;
  includeFollowingData: boolean;
}

const flag = (name: string) =>
  Joi.boolean()
    .default(false)
    .messages({ '*': `${name} must be true or false` });

const profileParams = Joi.object<ProfileParams>({
  limit: limitField(PROFILE_PAGE_SIZE),
  includeFollowersData: flag('includeFollowersData'),
  includeFollowingData: flag('includeFollowingData'),
});

export const POSTS_UNAVAILABLE = 'Posts are unavailable right now. Please try again.';

/**
 * One page of a followers or following list as `{_id, username, displayName}`, newest first, without the members
 * blocked by or blocking the viewer (docs/safety.md); such a page may hold fewer than `limit`.
 */
async function followList(
  app: UsersContext,
  query: FollowQuery,
  side: 'followerId' | 'followeeId',
  skip: number,
  limit: number,
  viewer: ObjectId,
): Promise<{ users: UserSummary[]; hasMore: boolean }> {
  const found = await app.follows.list(query, { skip, limit: limit + 1 });
  const page = found.slice(0, limit);
  const ids: ObjectId[] = page.map((follow) => follow[side]);
  const [profiles, blocked] = await Promise.all([
    app.profiles.findMany(ids),
    app.relations.blockedAmong(viewer, ids),
  ]);
  const users: UserSummary[] = [];
  for (const id of ids) {
    const profile = profiles.get(id.toHexString());
    if (profile && !blocked.has(id.toHexString())) users.push(toSummary(profile));
  }
  return { users, hasMore: found.length > limit };
}

/** A profile page, its posts, and its followers and following lists; privacy as README "Public API". */
export function profileRoutes(router: Router, app: UsersContext): void {
  router.get('/api/users/:username', requireIdentity, validate({ query: profileParams }), async (ctx) => {
    const { limit, includeFollowersData, includeFollowingData } = validated<ProfileParams>(
      ctx.state,
      'query',
    );
    const caller = callerIn(ctx.state);
    const profile = await loadProfile(app, ctx.params.username, caller);
    const { canView, isFollowing } = await visibilityOf(app, profile, caller.id);
    // What the caller holds against them, for the profile's menu: only when they do, so the spec's answers stay
    // exactly as they were for everyone else.
    const flags = {
      ...(profile.relation.blocks ? { blockedByMe: true } : {}),
      ...(profile.relation.mutes ? { mutedByMe: true } : {}),
    };
    if (!canView) {
      ctx.body = {
        ...flags,
        user: toRestrictedUser(profile),
        posts: [],
        pagination: emptyPagination(),
        isFollowing: false,
        canView: false,
        message: PROFILE_PRIVATE,
      };
      return;
    }
    const [page, followers, following] = await Promise.all([
      app.posts.authorPosts(profile._id, 1, limit, ctx),
      includeFollowersData
        ? followList(app, followersQuery(profile._id), 'followerId', 0, EMBEDDED_FOLLOWS, caller.id)
        : undefined,
      includeFollowingData
        ? followList(app, followingQuery(profile._id), 'followeeId', 0, EMBEDDED_FOLLOWS, caller.id)
        : undefined,
    ]);
    ctx.body = {
      user: {
        ...toPublicUser(profile),
        ...(followers ? { followers: followers.users } : {}),
        ...(following ? { following: following.users } : {}),
      },
      posts: page?.posts ?? [],
      pagination: page?.pagination ?? emptyPagination(),
      ...(page?.stats ? { stats: page.stats } : {}),
      isFollowing,
      canView: true,
      ...flags,
      // The page still answers when the posts service is down; the client can say so.
      ...(page ? {} : { postsUnavailable: true }),
    };
  });

  router.get(
    '/api/users/:username/posts',
    requireIdentity,
    validate({ query: pageQuery(PROFILE_PAGE_SIZE) }),
    async (ctx) => {
      const { page, limit } = validated<PageQuery>(ctx.state, 'query');
      const caller = callerIn(ctx.state);
      const profile = await loadProfile(app, ctx.params.username, caller);
      if (!(await visibilityOf(app, profile, caller.id)).canView) throw forbidden(PROFILE_PRIVATE);
      const found = await app.posts.authorPosts(profile._id, page, limit, ctx);
      // Here the posts are the whole answer: without them it is an upstream failure.
      if (!found) throw new HttpError(502, POSTS_UNAVAILABLE, { code: 'UPSTREAM_UNAVAILABLE' });
      ctx.body = { posts: found.posts, pagination: found.pagination };
    },
  );

  const lists = [
    { path: 'followers', query: followersQuery, side: 'followerId' },
    { path: 'following', query: followingQuery, side: 'followeeId' },
  ] as const;
  for (const list of lists) {
    router.get(
      `/api/users/:username/${list.path}`,
      requireIdentity,
      validate({ query: pageQuery(FOLLOWS_PAGE_SIZE) }),
      async (ctx) => {
        const { page, limit } = validated<PageQuery>(ctx.state, 'query');
        const caller = callerIn(ctx.state);
        const profile = await loadProfile(app, ctx.params.username, caller);
        if (!(await visibilityOf(app, profile, caller.id)).canView) throw forbidden(PROFILE_PRIVATE);
        const { users, hasMore } = await followList(
          app,
          list.query(profile._id),
          list.side,
          (page - 1) * limit,
          limit,
          caller.id,
        );
        ctx.body = { [list.path]: users, hasMore };
      },
    );
  }
}
