// The auth pages, one lazy chunk (none of them is needed by the landing page).
export { ForgotPasswordPage } from './forgot-password-page';
export { ImpersonatePage } from './impersonate-page';
export { LoginPage } from './login-page';
export { OAuthCallbackPage } from './oauth-callback-page';
export { RegisterPage } from './register-page';
export { ConfirmEmailChangePage, ConfirmVerificationPage, ResetPasswordPage } from './token-pages';
