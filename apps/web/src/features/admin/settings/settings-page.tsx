import { useQuery } from '@tanstack/react-query';
import { useTitle } from '../../../lib/use-title';
import { PageHeader } from '../../../ui/page-header';
import { LoadingBlock } from '../../../ui/spinner';
import { settingsQuery } from '../data/option-queries';
import { secretsQuery } from './data/settings-api';
import { SectionForm } from './section-form';
import { SECTIONS } from './settings-sections';
import { TestConnection } from './test-connection';
import { TestMail } from './test-mail';
import { ComfyuiCard } from './comfyui-card';
import { EncryptionWarning } from '../overview/encryption-warning';
import { LoadFailed } from '../../../ui/load-failed';

/** /admin/settings: the product's own settings, one form per section; secrets are write-only. */
export function SettingsPage() {
  useTitle('Settings · Back office');
  const settings = useQuery(settingsQuery);
  const secrets = useQuery(secretsQuery);
  const failed = settings.error ?? secrets.error;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Settings"
        description="Changes apply as soon as a section is saved. Keys and passwords are never shown again once saved."
      />
      <EncryptionWarning />
      <nav aria-label="Settings sections" className="mb-6 flex flex-wrap gap-2">
        {SECTIONS.map((s) => (
          <a
            key={s.id}
            href={`#${s.id}`}
            className="rounded-full border border-zinc-300 bg-white px-3 py-1 text-sm text-zinc-700 hover:bg-zinc-50"
          >
            {s.title}
          </a>
        ))}
        <a
          href="#comfyui"
          className="rounded-full border border-zinc-300 bg-white px-3 py-1 text-sm text-zinc-700 hover:bg-zinc-50"
        >
          ComfyUI
        </a>
      </nav>
      {failed ? (
        <LoadFailed
          title="The settings could not be loaded."
          error={failed}
          onRetry={() => void Promise.all([settings.refetch(), secrets.refetch()])}
        />
      ) : settings.data && secrets.data ? (
        <div className="flex flex-col gap-6">
          {SECTIONS.map((spec) => (
            <SectionForm
              key={spec.id}
              spec={spec}
              settings={settings.data}
              secrets={secrets.data}
              extra={
                spec.id === 'processing'
                  ? (v) => <TestConnection provider={(v.processing as Record<string, unknown>)?.provider} />
                  : spec.id === 'mail'
                    ? () => <TestMail />
                    : undefined
              }
            />
          ))}
          <ComfyuiCard settings={settings.data} secrets={secrets.data} />
        </div>
      ) : (
        <LoadingBlock label="Loading the settings…" />
      )}
    </div>
  );
}
