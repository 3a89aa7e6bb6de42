import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { FeedApp, type FeedAppProps } from './app/FeedApp';
import { RenderError } from './app/RenderError';

/**
 * The feed remote's single-spa lifecycles (exposed as `./parcel`). The shell mounts them as a parcel and
 * passes the current `path`; a render error is reported to the shell, which shows its fallback with Retry.
 */
const lifecycles = singleSpaReact<FeedAppProps>({
  React,
  ReactDOMClient,
  rootComponent: FeedApp,
  errorBoundary: (error, _info, props) => {
    props.onRenderError?.(error);
    return <RenderError />;
  },
});

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;
