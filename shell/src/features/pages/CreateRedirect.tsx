import { Navigate } from 'react-router-dom';
import { ROUTES } from '@devcircle/contracts';
import { useAuth } from '@devcircle/sdk/react';

/**
 * /create is linked from the landing page and the features footer but absent from the route tables (§2).
 * Decision: it means "write a post", so a signed-in member goes to /create-post and a visitor goes to
 * /register (the visitor has no account yet, and the links that lead here are sign-up prompts).
 */
export function CreateRedirect() {
  const { authenticated } = useAuth();
  return <Navigate to={authenticated ? ROUTES.createPost : ROUTES.register} replace />;
}
