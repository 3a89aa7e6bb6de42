import {
  callerIn,
  inTransaction,
  Joi,
  notFound,
  REQUEST_ID_HEADER,
  requireIdentity,
  type Router,
  validate,
  validated,
} from '@devcircle/service-kit';
import { REVOKED_HEADER } from '../clients/auth';
import type { UsersContext } from '../context';
import { deleteAccount } from '../deletion/delete-account';
import { recordProfileUpdated } from '../events/logs';
import { profileEditBody, uniqueSkills, type ProfileEdit } from '../profiles/fields';
import { OWN_ACCOUNT_ONLY, OWN_PROFILE_ONLY, PROFILE_NOT_FOUND } from '../profiles/messages';
import { ownProfile } from '../profiles/own-profile';
import { toPublicUser, type Profile } from '../profiles/profile';
import { ownIdOnly } from './own-id';

const privacyBody = Joi.object<{ isPrivate: boolean }>({
  isPrivate: Joi.boolean().required().messages({
    'any.required': 'isPrivate is required',
    'boolean.base': 'isPrivate must be true or false',
  }),
});

const sameSkills = (a: string[], b: string[]): boolean =>
  a.length === b.length && a.every((skill, i) => skill === b[i]);

function changed(before: Profile, after: Profile): boolean {
  return (
    before.displayName !== after.displayName ||
    before.bio !== after.bio ||
    before.githubLink !== after.githubLink ||
    !sameSkills(before.skills, after.skills)
  );
}

/** The caller's own profile edit, privacy switch and account deletion (`:id` must be the caller's id). */
export function accountRoutes(router: Router, app: UsersContext): void {
  router.put(
    '/api/users/:id',
    requireIdentity,
    ownIdOnly(OWN_PROFILE_ONLY),
    validate({ body: profileEditBody }),
    async (ctx) => {
      const edit = validated<ProfileEdit>(ctx.state, 'body');
      const caller = callerIn(ctx.state);
      const before = await ownProfile(app, caller);
      // The edit and its `profile.updated` commit together.
      const after = await inTransaction(app.deps.database.client, async (session) => {
        const updated = await app.profiles.update(
          before,
          { ...edit, ...(edit.skills ? { skills: uniqueSkills(edit.skills) } : {}) },
          session,
        );
        if (!updated) throw notFound(PROFILE_NOT_FOUND);
        if (changed(before, updated)) await recordProfileUpdated(app, updated, session);
        return updated;
      });
      ctx.body = toPublicUser(after);
    },
  );

  router.put(
    '/api/users/:id/privacy',
    requireIdentity,
    ownIdOnly(OWN_PROFILE_ONLY),
    validate({ body: privacyBody }),
    async (ctx) => {
      const { isPrivate } = validated<{ isPrivate: boolean }>(ctx.state, 'body');
      const caller = callerIn(ctx.state);
      await ownProfile(app, caller);
      // Also when the value did not change: a repeated switch re-announces it, which costs one event.
      await inTransaction(app.deps.database.client, async (session) => {
        const after = await app.profiles.setPrivacy(caller.id, isPrivate, session);
        if (!after) throw notFound(PROFILE_NOT_FOUND);
        await recordProfileUpdated(app, after, session);
      });
      ctx.body = {
        isPrivate,
        message: isPrivate ? 'Your profile is now private' : 'Your profile is now public',
      };
    },
  );

  router.delete('/api/users/:id', requireIdentity, ownIdOnly(OWN_ACCOUNT_ONLY), async (ctx) => {
    const caller = callerIn(ctx.state);
    const { revoked } = await deleteAccount(app, caller.id, ctx.get(REQUEST_ID_HEADER) || undefined);
    // The proxying gateway applies it (refusing the old token at once) and strips it.
    if (revoked) ctx.set(REVOKED_HEADER, revoked);
    ctx.body = { message: 'Account deleted' };
  });
}
