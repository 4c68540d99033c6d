import type { PackageKind } from '@photoshoot/contract';

/** React Query keys of the flow, in one place so realtime handlers and pages agree. */
export const keys = {
  photoshoot: (id: string) => ['photoshoot', id] as const,
  photos: (id: string) => ['photoshoot', id, 'photos'] as const,
  results: (id: string) => ['photoshoot', id, 'results'] as const,
  payment: (id: string) => ['payment', id] as const,
  styles: ['styles'] as const,
  packages: (kind: PackageKind) => ['packages', kind] as const,
  fileToken: ['file-token'] as const,
  /** The signed-in user's profiles of the people photographed. */
  profiles: ['profiles', 'mine'] as const,
};
