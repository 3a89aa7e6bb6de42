import { ROUTES } from '@devcircle/contracts';
import type { RemoteAppProps } from '@devcircle/sdk/remote';
import { LoginScreen } from '../features/login/LoginScreen';
import { RegisterScreen } from '../features/register/RegisterScreen';
import { RegisterConfirmScreen } from '../features/register-confirm/RegisterConfirmScreen';
import { LogoutConfirmScreen } from '../features/logout-confirm/LogoutConfirmScreen';
import { ForgotPasswordScreen } from '../features/forgot-password/ForgotPasswordScreen';
import { ResetPasswordScreen } from '../features/reset-password/ResetPasswordScreen';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { NotFoundScreen } from '../features/not-found/NotFoundScreen';

/** Picks the account screen from the path; the shell's router decides which paths reach this remote. */
export function AccountApp({ path, search }: RemoteAppProps) {
  switch (path.replace(/\/+$/, '') || '/') {
    case ROUTES.login:
      return <LoginScreen />;
    case ROUTES.register:
      return <RegisterScreen />;
    case ROUTES.registerConfirm:
      return <RegisterConfirmScreen search={search} />;
    case ROUTES.logoutConfirm:
      return <LogoutConfirmScreen />;
    case ROUTES.forgotPassword:
      return <ForgotPasswordScreen />;
    case ROUTES.resetPassword:
      return <ResetPasswordScreen search={search} />;
    case ROUTES.settings:
      return <SettingsScreen />;
    default:
      // The shell routes only the paths above here.
      return <NotFoundScreen />;
  }
}
