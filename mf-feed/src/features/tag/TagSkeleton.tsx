import { Page } from '@devcircle/ui';
import { ListHeader, PostListLoading } from '../post-list/PostList';

export function TagHeader({ tag }: { tag: string }) {
  return <ListHeader title={`#${tag}`} hint="Posts with this tag, newest first." />;
}

/** Loading cards with the post card's geometry, as the feed shows them. */
export function TagLoading() {
  return <PostListLoading label="Loading posts" />;
}

/** /tags/:tag while the screen's code loads. */
export function TagSkeleton({ tag }: { tag: string }) {
  return (
    <Page>
      <TagHeader tag={tag} />
      <TagLoading />
    </Page>
  );
}
