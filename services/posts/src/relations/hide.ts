import type { PostView } from '../posts/post';
import type { HiddenSet } from './hidden-author';

/**
 * A post's view without the comments of members hidden from the reader (docs/safety.md). Cards are shared
 * between readers (the feed cache), so this is applied per request on top, as the reader's likes are.
 */
export function withoutHiddenComments<View extends Pick<PostView, 'comments'>>(
  view: View,
  hidden: HiddenSet | undefined,
): View {
  if (!hidden || hidden.all.size === 0) return view;
  const comments = view.comments.filter((comment) => !hidden.all.has(comment.user._id));
  return comments.length === view.comments.length ? view : { ...view, comments };
}
