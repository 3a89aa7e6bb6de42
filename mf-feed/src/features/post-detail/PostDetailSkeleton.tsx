import { ROUTES } from '@devcircle/contracts';
import { BackLink, Page, VisuallyHidden } from '@devcircle/ui';
import { PostCardSkeleton } from '../feed/PostCardSkeleton';
import styles from './PostDetailScreen.module.css';

/** /post/{id} before its post is there (and while the screen's code loads): 'Back to Feed' and a loading card. */
export function PostDetailSkeleton() {
  return (
    <Page className={styles.page}>
      <BackLink to={ROUTES.feed}>Back to Feed</BackLink>
      <div aria-busy="true">
        <VisuallyHidden role="status">Loading post</VisuallyHidden>
        <PostCardSkeleton />
      </div>
    </Page>
  );
}
