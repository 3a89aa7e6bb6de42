import '@testing-library/jest-dom';
import { configure, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { DevCircleSdk } from '@devcircle/sdk';
import { SdkProvider } from '@devcircle/sdk/react';

// Screens wait on a real back end (several round trips under a loaded CI machine), not on a stub: give the
// async queries (findBy…, waitFor) 5 s instead of 1 s before they give up.
configure({ asyncUtilTimeout: 5000 });

export interface RenderedScreen extends RenderResult {
  /** Every path the screen navigated to through the SDK, in order. */
  navigations: string[];
}

/** Renders a remote's screen with `sdk` (signed in against the real back end) as the page's SDK. */
export function renderWithSdk(sdk: DevCircleSdk, element: ReactElement): RenderedScreen {
  const navigations: string[] = [];
  sdk.navigation.setNavigator((to) => navigations.push(to));
  const result = render(<SdkProvider sdk={sdk}>{element}</SdkProvider>);
  return Object.assign(result, { navigations });
}
