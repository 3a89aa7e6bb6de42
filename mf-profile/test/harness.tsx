import type { DevCircleSdk } from '@devcircle/sdk';

export { renderWithSdk, type RenderedScreen } from '../../test-support/render-with-sdk';
export { startWebBackend, type WebBackend } from '../../test-support/web-backend';

/** Publishes a post as the SDK's user, straight through the API (profiles list their owner's posts). */
export function publish(sdk: DevCircleSdk, content: string): Promise<{ _id: string }> {
  return sdk.api.post('/api/posts', { content });
}
