import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { sdk } from '@devcircle/sdk';

/** Gives the SDK the router's navigate, so remotes move between screens without reloading the page. */
export function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    sdk.navigation.setNavigator((to, options) => {
      void navigate(to, { replace: options?.replace });
    });
  }, [navigate]);
  return null;
}
