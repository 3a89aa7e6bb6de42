import { Page } from '@devcircle/ui';
import { ListHeader, PostListLoading } from '../post-list/PostList';

export function BookmarksHeader() {
  return <ListHeader title="Bookmarks" hint="Only you can see what you save." />;
}

/** Loading cards with the post card's geometry, as the feed shows them. */
export function BookmarksLoading() {
  return <PostListLoading label="Loading bookmarks" />;
}

/** /bookmarks while the screen's code loads: what the screen shows while its first page loads. */
export function BookmarksSkeleton() {
  return (
    <Page>
      <BookmarksHeader />
      <BookmarksLoading />
    </Page>
  );
}
