import type { UserSignInMethods } from '@photoshoot/contract';
import { Badge } from '../../../ui/badge';

const PROVIDER_NAMES: Record<string, string> = {
  google: 'Google',
  github: 'GitHub',
  microsoft: 'Microsoft',
  apple: 'Apple',
  oidc: 'OpenID',
};

export const providerName = (name: string) => PROVIDER_NAMES[name] ?? name;

/** How a customer can sign in, as small badges: password, each linked provider, codes, MFA. */
export function SignInMethods({ methods }: { methods: UserSignInMethods | undefined }) {
  if (!methods) return <span className="text-zinc-500">…</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {methods.password ? <Badge>Password</Badge> : null}
      {methods.oauth2.map((p) => (
        <Badge key={p} tone="info">
          {providerName(p)}
        </Badge>
      ))}
      {methods.otp ? <Badge>Email code</Badge> : null}
      {methods.mfa ? <Badge tone="brand">MFA</Badge> : null}
    </span>
  );
}

/** Verified or not, one word each. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Unverified</Badge>;
}
