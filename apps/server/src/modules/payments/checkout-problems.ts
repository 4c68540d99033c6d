/** The 400s a checkout answers when it cannot open the provider's page. */
import { ApiError } from '../../core/errors.js';
import { ProviderError } from './providers/provider.js';

export function checkoutProblem(code: string, message: string): ApiError {
  return ApiError.badRequest(message, { payment: { code, message } });
}

/** What to tell the buyer about a provider that refused or could not be reached (no internals). */
export function providerMessage(err: unknown): string {
  if (err instanceof ProviderError) return err.message;
  console.error('[payments] a provider call failed:', err);
  return 'The payment provider could not start the checkout.';
}

export function providerUnavailable(message: string): ApiError {
  return ApiError.badRequest(`${message} Please try again in a moment.`, {
    payment: { code: 'validation_provider_unavailable', message },
  });
}
