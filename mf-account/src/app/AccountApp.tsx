import { LoginScreen } from '../features/login/LoginScreen';
import { RegisterScreen } from '../features/register/RegisterScreen';
import { LogoutConfirmScreen } from '../features/logout-confirm/LogoutConfirmScreen';
import { ForgotPasswordScreen } from '../features/forgot-password/ForgotPasswordScreen';
import { ResetPasswordScreen } from '../features/reset-password/ResetPasswordScreen';
import { ComingNextScreen } from '../features/coming-next/ComingNextScreen';

export interface AccountAppProps {
  /** The app path the shell routed here (`/login`, `/register`, …). */
  path: string;
  /** The query string, e.g. `?token=…` for /reset-password. */
  search?: string;
  /** Given by the shell: reports a render error so it can show its fallback. */
  onRenderError?: (error: unknown) => void;
}

/** Picks the account screen from the path; the shell's router decides which paths reach this remote. */
export function AccountApp({ path, search }: AccountAppProps) {
  switch (path.replace(/\/+$/, '') || '/') {
    case '/login':
      return <LoginScreen />;
    case '/register':
      return <RegisterScreen />;
    case '/logout-confirm':
      return <LogoutConfirmScreen />;
    case '/forgot-password':
      return <ForgotPasswordScreen />;
    case '/reset-password':
      return <ResetPasswordScreen search={search} />;
    case '/settings':
      return <ComingNextScreen title="Settings" />;
    default:
      return <ComingNextScreen title="Account" />;
  }
}
