import type { DevCircleSdk } from '@devcircle/sdk';
import type { NewPost } from '@devcircle/contracts';
import type { Post } from '@devcircle/ui/post-card';

export { renderWithSdk, type RenderedScreen } from '../../test-support/render-with-sdk';
export { startWebBackend, type WebBackend } from '../../test-support/web-backend';

/** Publishes a post as the SDK's user, straight through the API. */
export function publish(sdk: DevCircleSdk, post: NewPost | string): Promise<Post> {
  return sdk.api.post<Post>('/api/posts', typeof post === 'string' ? { content: post } : post);
}
