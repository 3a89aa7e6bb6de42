import { FileQuestion } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import { BackLink, Button, EmptyState, Page } from '@devcircle/ui';
import { PostCard } from '@devcircle/ui/post-card';
import { PostDetailSkeleton } from './PostDetailSkeleton';
import { usePost } from './usePost';
import styles from './PostDetailScreen.module.css';

const NOT_FOUND_TEXT = "The post you're looking for doesn't exist.";

/** /post/{id} (§2 Post detail): one post expanded, 'Back to Feed'; the not-found screen; /feed after deleting. */
export function PostDetailScreen({ postId }: { postId: string }) {
  const sdk = useSdk();
  const [state, replacePost] = usePost(postId);
  const toFeed = () => sdk.navigation.navigate(ROUTES.feed);

  if (state.status === 'failed') {
    return (
      <Page className={styles.page}>
        <EmptyState
          icon={<FileQuestion aria-hidden="true" />}
          title="Post Not Found"
          message={state.message || NOT_FOUND_TEXT}
          action={<Button onClick={toFeed}>Back to Feed</Button>}
        />
      </Page>
    );
  }

  if (state.status === 'loading') return <PostDetailSkeleton />;

  return (
    <Page className={styles.page}>
      <BackLink to={ROUTES.feed}>Back to Feed</BackLink>
      <PostCard post={state.post} onChange={replacePost} onDeleted={toFeed} expanded />
    </Page>
  );
}
