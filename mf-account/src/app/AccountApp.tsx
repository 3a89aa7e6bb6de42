import { Suspense, type ReactNode } from 'react';
import { ROUTES } from '@devcircle/contracts';
import { lazyScreen, type RemoteAppProps } from '@devcircle/sdk/remote';
import { AuthCardSkeleton, type AuthCardShape } from '../components/AuthCardSkeleton';
import { linkTokenFrom } from '../features/linkToken';
import { SettingsSkeleton } from '../features/settings/SettingsSkeleton';

// Each screen is a chunk of its own, fetched the first time its route shows: a route loads only its own code.
const LoginScreen = lazyScreen(() =>
  import(/* webpackChunkName: "login-screen" */ '../features/login/LoginScreen').then(
    (module) => module.LoginScreen,
  ),
);
const RegisterScreen = lazyScreen(() =>
  import(/* webpackChunkName: "register-screen" */ '../features/register/RegisterScreen').then(
    (module) => module.RegisterScreen,
  ),
);
const RegisterConfirmScreen = lazyScreen(() =>
  import(
    /* webpackChunkName: "register-confirm-screen" */ '../features/register-confirm/RegisterConfirmScreen'
  ).then((module) => module.RegisterConfirmScreen),
);
const LogoutConfirmScreen = lazyScreen(() =>
  import(
    /* webpackChunkName: "logout-confirm-screen" */ '../features/logout-confirm/LogoutConfirmScreen'
  ).then((module) => module.LogoutConfirmScreen),
);
const ForgotPasswordScreen = lazyScreen(() =>
  import(
    /* webpackChunkName: "forgot-password-screen" */ '../features/forgot-password/ForgotPasswordScreen'
  ).then((module) => module.ForgotPasswordScreen),
);
const ResetPasswordScreen = lazyScreen(() =>
  import(
    /* webpackChunkName: "reset-password-screen" */ '../features/reset-password/ResetPasswordScreen'
  ).then((module) => module.ResetPasswordScreen),
);
const SettingsScreen = lazyScreen(() =>
  import(/* webpackChunkName: "settings-screen" */ '../features/settings/SettingsScreen').then(
    (module) => module.SettingsScreen,
  ),
);
const UnsubscribeScreen = lazyScreen(() =>
  import(/* webpackChunkName: "unsubscribe-screen" */ '../features/unsubscribe/UnsubscribeScreen').then(
    (module) => module.UnsubscribeScreen,
  ),
);
const NotFoundScreen = lazyScreen(() =>
  import(/* webpackChunkName: "not-found-screen" */ '../features/not-found/NotFoundScreen').then(
    (module) => module.NotFoundScreen,
  ),
);

/** What each card screen first shows, for its skeleton while its code loads (measured at 375 and 1280 px). */
const CARDS = {
  login: { subtitleLines: 1, fields: 2, footer: true },
  register: { subtitleLines: 2, fields: 4, footer: true },
  forgotPassword: { subtitleLines: 2, fields: 1, footer: true },
  newPassword: { subtitleLines: 1, fields: 2, footer: true },
  invalidLink: { subtitleLines: 1, fields: 0, action: 'one', footer: true },
  confirming: { subtitleLines: 0, fields: 0, action: 'one', footer: false },
  logoutConfirm: { subtitleLines: 1, fields: 0, action: 'two', footer: false },
  notFound: { subtitleLines: 1, fields: 0, footer: false },
} satisfies Record<string, AuthCardShape>;

/** Picks the account screen from the path; the shell's router decides which paths reach this remote. */
export function AccountApp({ path, search }: RemoteAppProps) {
  const route = path.replace(/\/+$/, '') || '/';
  // While a screen's code loads, its skeleton holds its place; keyed by route, so each route starts afresh.
  const screen = (skeleton: ReactNode, content: ReactNode) => (
    <Suspense key={route} fallback={skeleton}>
      {content}
    </Suspense>
  );
  const card = (shape: AuthCardShape, content: ReactNode) =>
    screen(<AuthCardSkeleton shape={shape} />, content);
  const withToken = linkTokenFrom(search) !== null;

  switch (route) {
    case ROUTES.login:
      return card(CARDS.login, <LoginScreen />);
    case ROUTES.register:
      return card(CARDS.register, <RegisterScreen />);
    case ROUTES.registerConfirm:
      return card(
        withToken ? CARDS.confirming : CARDS.invalidLink,
        <RegisterConfirmScreen search={search} />,
      );
    case ROUTES.logoutConfirm:
      return card(CARDS.logoutConfirm, <LogoutConfirmScreen />);
    case ROUTES.forgotPassword:
      return card(CARDS.forgotPassword, <ForgotPasswordScreen />);
    case ROUTES.resetPassword:
      return card(withToken ? CARDS.newPassword : CARDS.invalidLink, <ResetPasswordScreen search={search} />);
    case ROUTES.settings:
      return screen(<SettingsSkeleton />, <SettingsScreen />);
    case ROUTES.unsubscribe:
      return card(withToken ? CARDS.confirming : CARDS.invalidLink, <UnsubscribeScreen search={search} />);
    default:
      // The shell routes only the paths above here.
      return card(CARDS.notFound, <NotFoundScreen />);
  }
}
