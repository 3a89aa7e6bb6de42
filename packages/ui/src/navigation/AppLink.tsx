import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useSdk } from '@devcircle/sdk/react';

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link to another app path. It is a real `<a href>` (open in new tab, copy link work), and a plain click
 * navigates through the SDK, so the shell's router moves without a page reload.
 */
export function AppLink({ to, onClick, ...rest }: AppLinkProps) {
  const sdk = useSdk();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (event.defaultPrevented || modified) return;
    event.preventDefault();
    sdk.navigation.navigate(to);
  };
  return <a href={to} onClick={handleClick} {...rest} />;
}
