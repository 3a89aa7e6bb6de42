import { Bookmark, PenLine } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { useAuth } from '@devcircle/sdk/react';
import { AppLink, buttonClassName } from '@devcircle/ui';
import { Tabs } from '@devcircle/ui/tabs';
import { ProfilePosts } from '../profile-posts/ProfilePosts';
import { isOwnProfile } from '../users/isOwnProfile';
import type { ProfilePost, ProfileResponse } from '../users/types';
import { WelcomePrompt } from '../welcome-prompt/WelcomePrompt';
import { AboutPanel } from './AboutPanel';
import { ActivityPanel } from './ActivityPanel';
import { FollowButton } from './FollowButton';
import { PrivateProfileNotice } from './PrivateProfileNotice';
import { ProfileHeader } from './ProfileHeader';
import { ProfileMetrics } from './ProfileMetrics';
import { ProfileMoreMenu, RelationNotice } from './ProfileMoreMenu';
import { ProfileSummary } from './ProfileSummary';
import { useFollowToggle } from './useFollowToggle';
import styles from './LoadedProfile.module.css';

interface LoadedProfileProps {
  data: ProfileResponse;
  version: number;
  update(change: (data: ProfileResponse) => ProfileResponse): void;
  refetch(): Promise<void>;
}

/** A loaded profile: the private notice, or header, welcome prompt, summary, metrics and tabs. */
export function LoadedProfile({ data, version, update, refetch }: LoadedProfileProps) {
  const { user: viewer } = useAuth();
  const { user } = data;
  const owner = isOwnProfile(viewer, user);
  const toggleFollow = useFollowToggle({ data, update, refetch });
  // Someone the viewer blocks cannot be followed until unblocked (the ⋯ menu beside it does that).
  const followButton =
    viewer && !owner && !data.blockedByMe ? (
      <FollowButton isFollowing={data.isFollowing} onToggle={toggleFollow} />
    ) : undefined;
  const moreMenu =
    viewer && !owner ? <ProfileMoreMenu data={data} update={update} refetch={refetch} /> : undefined;

  const afterDelete = (post: ProfilePost) =>
    update((current) => ({
      ...current,
      stats: current.stats && {
        posts: Math.max(0, current.stats.posts - 1),
        likes: Math.max(0, current.stats.likes - post.likes),
      },
    }));

  // A like given or taken back on one of the posts: the Likes metric counts the likes the posts received.
  const afterLike = (delta: number) =>
    update((current) => ({
      ...current,
      stats: current.stats && { ...current.stats, likes: Math.max(0, current.stats.likes + delta) },
    }));

  if (!data.canView) {
    return (
      <div className={styles.profile}>
        <ProfileHeader user={user} action={moreMenu} />
        <PrivateProfileNotice action={followButton} />
      </div>
    );
  }

  // The owner's own places: editing the profile, and their bookmarks (issue 19: reachable from the tab bar's
  // profile tab on a phone, where there is no rail).
  const editButton = owner ? (
    <>
      <AppLink to={ROUTES.editProfile} className={buttonClassName({ variant: 'secondary' })}>
        <PenLine size={18} aria-hidden="true" />
        Edit Profile
      </AppLink>
      <AppLink to={ROUTES.bookmarks} className={buttonClassName({ variant: 'secondary' })}>
        <Bookmark size={18} aria-hidden="true" />
        Bookmarks
      </AppLink>
    </>
  ) : undefined;

  return (
    <div className={styles.profile}>
      <ProfileHeader
        user={user}
        action={
          editButton ?? (
            <>
              {followButton}
              {moreMenu}
            </>
          )
        }
      />
      <RelationNotice data={data} />
      {owner && <WelcomePrompt user={user} />}
      <ProfileSummary user={user} />
      <ProfileMetrics user={user} stats={data.stats ?? { posts: data.pagination.total, likes: 0 }} />
      <Tabs
        label="Profile sections"
        tabs={[
          {
            key: 'posts',
            label: 'Posts',
            panel: (
              <ProfilePosts
                key={version}
                username={user.username}
                initial={{ posts: data.posts, pagination: data.pagination }}
                isOwner={owner}
                unavailable={data.postsUnavailable}
                onDeleted={afterDelete}
                onLikesChanged={afterLike}
              />
            ),
          },
          { key: 'activity', label: 'Activity', panel: <ActivityPanel /> },
          { key: 'about', label: 'About', panel: <AboutPanel user={user} /> },
        ]}
      />
    </div>
  );
}
