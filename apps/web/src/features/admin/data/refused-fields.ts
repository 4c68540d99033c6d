import { ClientResponseError } from 'pocketbase';

/**
 * The per-field errors of a call the server refused (the `data` of its error answer), or
 * undefined when the call failed any other way (the network, a bug).
 */
export function refusedFields(err: unknown): Record<string, unknown> | undefined {
  return err instanceof ClientResponseError ? (err.response?.data as Record<string, unknown>) : undefined;
}
