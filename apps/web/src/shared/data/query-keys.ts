/** React Query keys of the flow, in one place so realtime handlers and pages agree. */
export const keys = {
  photoshoot: (id: string) => ['photoshoot', id] as const,
  photos: (id: string) => ['photoshoot', id, 'photos'] as const,
  results: (id: string) => ['photoshoot', id, 'results'] as const,
  payment: (id: string) => ['payment', id] as const,
  styles: ['styles'] as const,
  packages: ['packages', 'individual'] as const,
  fileToken: ['file-token'] as const,
};
