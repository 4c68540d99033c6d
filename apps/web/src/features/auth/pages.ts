/** The auth pages, each its own lazy chunk (none of them is needed by the landing page). */
export const pages = {
  forgotPassword: () => import('./forgot-password-page').then((m) => m.ForgotPasswordPage),
  impersonate: () => import('./impersonate-page').then((m) => m.ImpersonatePage),
  login: () => import('./login-page').then((m) => m.LoginPage),
  oauthCallback: () => import('./oauth-callback-page').then((m) => m.OAuthCallbackPage),
  register: () => import('./register-page').then((m) => m.RegisterPage),
  resetPassword: () => import('./token-pages').then((m) => m.ResetPasswordPage),
  confirmVerification: () => import('./token-pages').then((m) => m.ConfirmVerificationPage),
  confirmEmailChange: () => import('./token-pages').then((m) => m.ConfirmEmailChangePage),
};
