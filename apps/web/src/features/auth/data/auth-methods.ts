import { queryOptions } from '@tanstack/react-query';
import { pb } from '../../../lib/pb';

/** The sign-in methods the server offers for users (password, OTP, OAuth2 providers). */
export const authMethodsQuery = queryOptions({
  queryKey: ['auth-methods', 'users'],
  // note: each call returns fresh OAuth2 state and PKCE values, so never reuse a cached answer for long.
  queryFn: () => pb.collection('users').listAuthMethods(),
  staleTime: 0,
  gcTime: 0,
});
