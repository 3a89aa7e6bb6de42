import { useEffect, useState } from 'react';
import { ApiError } from '@devcircle/sdk';
import { usePostsApi, type Post } from '@devcircle/ui/post-card';

export type PostState =
  { status: 'loading' } | { status: 'loaded'; post: Post } | { status: 'failed'; message: string };

/** One post by id: loading, loaded (replaceable after a like or comment) or failed with §8's message. */
export function usePost(postId: string): [PostState, (post: Post) => void] {
  const postsApi = usePostsApi();
  const [state, setState] = useState<PostState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    postsApi.fetchPost(postId, controller.signal).then(
      (post) => setState({ status: 'loaded', post }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError ? error.message : '';
        setState({ status: 'failed', message });
      },
    );
    return () => controller.abort();
  }, [postsApi, postId]);

  return [state, (post) => setState({ status: 'loaded', post })];
}
