import { useEffect } from 'react';
import { FileCode, PenLine } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { AppLink, Button, EmptyState, Spinner, buttonClassName } from '@devcircle/ui';
import { PostCard } from '@devcircle/ui/post-card';
import type { ProfilePost } from '../users/types';
import type { PostList } from './pagination';
import { useProfilePosts } from './useProfilePosts';
import styles from './ProfilePosts.module.css';

export interface ProfilePostsProps {
  username: string;
  initial: PostList;
  isOwner: boolean;
  /** The posts service did not answer when the profile loaded. */
  unavailable?: boolean;
  /** A post was deleted (the screen adjusts its counts). */
  onDeleted(post: ProfilePost): void;
  /** A post's likes changed by `delta` (the screen's Likes metric follows). */
  onLikesChanged(delta: number): void;
}

/** The Posts tab: 8 at a time with 'Load More Posts', the end divider, the owner's delete and empty prompt. */
export function ProfilePosts(props: ProfilePostsProps) {
  const { username, initial, isOwner, unavailable, onDeleted, onLikesChanged } = props;
  const { posts, pagination, loadingMore, loadMore, removed, changed } = useProfilePosts(username, initial);
  const drained = posts.length === 0 && pagination.hasMore;

  // Every listed post deleted while the server has more: fetch them rather than claim there are none.
  useEffect(() => {
    if (drained && !unavailable) void loadMore();
  }, [drained, unavailable, loadMore]);

  if (unavailable) {
    return (
      <EmptyState
        tone="warning"
        icon={<FileCode size={24} />}
        title="Posts could not be loaded right now."
        message="Please try again in a moment."
      />
    );
  }

  if (drained) {
    // A failed attempt leaves the button (load-more failures are only logged, §8).
    return loadingMore ? (
      <Spinner label="Loading posts" className={styles.loading} />
    ) : (
      <Button variant="secondary" className={styles.more} onClick={() => void loadMore()}>
        Load More Posts
      </Button>
    );
  }

  if (posts.length === 0) {
    return isOwner ? (
      <EmptyState
        icon={<PenLine size={24} />}
        title="No posts yet"
        message="Share a thought or a snippet with other developers."
        action={
          <AppLink to={ROUTES.createPost} className={buttonClassName()}>
            Create your first post
          </AppLink>
        }
      />
    ) : (
      <EmptyState icon={<FileCode size={24} />} title="No posts yet" />
    );
  }

  // The feed's card (issue 21: one post card everywhere); it shows the owner's delete itself.
  const deleted = (post: ProfilePost) => {
    removed(post._id);
    onDeleted(post);
  };
  const updated = (before: ProfilePost, after: ProfilePost) => {
    changed(after);
    if (after.likes !== before.likes) onLikesChanged(after.likes - before.likes);
  };

  return (
    <div className={styles.posts}>
      <p className={styles.total}>
        {pagination.total} {pagination.total === 1 ? 'post' : 'posts'}
      </p>
      <ul className={styles.list} aria-label="Posts">
        {posts.map((post) => (
          <li key={post._id} className={styles.item}>
            <PostCard
              post={post}
              onChange={(after) => updated(post, after)}
              onDeleted={() => deleted(post)}
            />
          </li>
        ))}
      </ul>
      {pagination.hasMore ? (
        <Button
          variant="secondary"
          className={styles.more}
          busy={loadingMore}
          onClick={() => void loadMore()}
        >
          Load More Posts
        </Button>
      ) : (
        <div className={styles.end} role="separator" aria-label="End of posts">
          <span className={styles.endText}>End of posts</span>
        </div>
      )}
    </div>
  );
}
