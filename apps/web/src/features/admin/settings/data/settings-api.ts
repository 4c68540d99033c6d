import type { ConnectionTest, SecretsSet } from '@photoshoot/contract';
import { queryOptions } from '@tanstack/react-query';
import { adminPb } from '../../data/admin-client';
import { adminKeys } from '../../data/admin-keys';

/** Which secrets are set (never their values: they are write-only). */
export const secretsQuery = queryOptions({
  queryKey: adminKeys.settingsSecrets,
  queryFn: () => adminPb.send<SecretsSet>('/api/admin/settings/secrets', {}),
});

/** Saves a part of the settings; the answer is every setting as the server kept it. */
export const updateSettings = (patch: Record<string, unknown>) => adminPb.settings.update(patch);

/** Asks a hosted provider whether the saved configuration reaches it. */
export const testProvider = (name: string) =>
  adminPb.send<ConnectionTest>(`/api/admin/processing/providers/${encodeURIComponent(name)}/test`, {
    method: 'POST',
  });

/** Sends the `test` mail through the saved mail settings. */
export const sendTestMail = (to: string) => adminPb.settings.testEmail('users', to, 'test');

export type ComfyuiServerCheck = {
  url: string;
  ok: boolean;
  message: string;
  workflows: { name: string; problems: string[] }[];
};

/** Checks every saved ComfyUI server: up, and every workflow's nodes installed. */
export const testComfyui = () =>
  adminPb.send<{ ok: boolean; servers: ComfyuiServerCheck[] }>('/api/admin/comfyui/test', { method: 'POST' });

/** Checks a ComfyUI workflow before it is added (the server answers with field errors). */
export const validateWorkflow = (workflow: Record<string, unknown>) =>
  adminPb.send('/api/admin/comfyui/workflows/validate', { method: 'POST', body: workflow });
