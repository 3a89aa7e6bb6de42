import { Hash, RefreshCw, WifiOff } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { AppLink, Button, EmptyState, Page, buttonClassName } from '@devcircle/ui';
import { PostList, postListStyles as styles } from '../post-list/PostList';
import { TagHeader, TagLoading } from './TagSkeleton';
import { TAG_ERROR_MESSAGE, useTagPosts } from './useTagPosts';

/** /tags/:tag (issue 19): the posts with one hashtag the member may see, newest first, in the feed's cards. */
export function TagScreen({ tag }: { tag: string }) {
  const tagged = useTagPosts(tag);
  const { posts, status } = tagged;

  return (
    <Page>
      <TagHeader tag={tag} />
      {status === 'loading' && <TagLoading />}
      {status === 'error' && (
        <EmptyState
          role="alert"
          tone="warning"
          icon={<WifiOff size={24} />}
          title={TAG_ERROR_MESSAGE}
          action={
            <Button
              variant="secondary"
              icon={<RefreshCw size={16} aria-hidden="true" />}
              onClick={() => void tagged.loadFirst()}
            >
              Try again
            </Button>
          }
        />
      )}
      {status === 'ready' && posts.length === 0 && (
        <EmptyState
          icon={<Hash size={24} />}
          title={`No posts with #${tag} yet`}
          message="Write one: a #tag in a post's text files it here."
          action={
            <AppLink to={ROUTES.explore} className={buttonClassName({ variant: 'secondary' })}>
              Explore trending tags
            </AppLink>
          }
        />
      )}
      {status === 'ready' && posts.length > 0 && (
        <>
          <PostList label={`Posts tagged #${tag}`} pages={tagged} />
          {tagged.hasMore && (
            <Button
              variant="secondary"
              className={styles.moreButton}
              busy={tagged.loadingMore}
              onClick={() => void tagged.loadMore()}
            >
              {tagged.loadingMore ? 'Loading...' : 'Load more'}
            </Button>
          )}
        </>
      )}
    </Page>
  );
}
