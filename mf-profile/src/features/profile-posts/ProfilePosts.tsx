import { useEffect } from 'react';
import { FileCode, PenLine } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { AppLink, Button, EmptyState, Spinner, buttonClassName } from '@devcircle/ui';
import type { ProfilePost } from '../users/types';
import type { PostList } from './pagination';
import { ProfilePostItem } from './ProfilePostItem';
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
}

/** The Posts tab: 8 at a time with 'Load More Posts', the end divider, the owner's delete and empty prompt. */
export function ProfilePosts({ username, initial, isOwner, unavailable, onDeleted }: ProfilePostsProps) {
  const { posts, pagination, loadingMore, loadMore, deletePost } = useProfilePosts(username, initial);
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

  const remove = async (post: ProfilePost) => {
    const deleted = await deletePost(post);
    if (deleted) onDeleted(post);
    return deleted;
  };

  return (
    <div className={styles.posts}>
      <p className={styles.total}>
        {pagination.total} {pagination.total === 1 ? 'post' : 'posts'}
      </p>
      <ul className={styles.list} aria-label="Posts">
        {posts.map((post) => (
          <li key={post._id} className={styles.item}>
            <ProfilePostItem post={post} onDelete={isOwner ? () => remove(post) : undefined} />
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
