/** React Query keys of the back office, apart from the customer's (`photoshoot/data/keys.ts`). */
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  photoshoot: (id: string) => ['admin', 'photoshoot', id] as const,
  /** Everything shown about one photoshoot: its record, results, originals, payments, events. */
  photoshootAll: (id: string) => ['admin', 'photoshoot', id] as const,
  results: (id: string) => ['admin', 'photoshoot', id, 'results'] as const,
  originals: (id: string) => ['admin', 'photoshoot', id, 'originals'] as const,
  payments: (id: string) => ['admin', 'photoshoot', id, 'payments'] as const,
  events: (id: string) => ['admin', 'photoshoot', id, 'events'] as const,
  /** The back-office lists, each with every page and filter under it. */
  lists: {
    payments: ['admin', 'payments'] as const,
    photoshoots: ['admin', 'photoshoots'] as const,
    coupons: ['admin', 'coupons'] as const,
    contactMessages: ['admin', 'contact-messages'] as const,
    users: ['admin', 'users'] as const,
    results: ['admin', 'results'] as const,
    originals: ['admin', 'original-photos'] as const,
  },
  packages: ['admin', 'packages'] as const,
  teams: ['admin', 'teams'] as const,
  styles: ['admin', 'styles'] as const,
  /** The whole catalogue with every field, for /admin/styles. */
  catalog: ['admin', 'catalog'] as const,
  settings: ['admin', 'settings'] as const,
  settingsSecrets: ['admin', 'settings-secrets'] as const,
  fileToken: ['admin', 'file-token'] as const,
  /** One customer and everything shown about them. */
  user: (id: string) => ['admin', 'user', id] as const,
  userSummaries: (ids: string[]) => ['admin', 'user-summaries', ids] as const,
};
