import { useLoad } from '../../lib/use-load';
import { fetchPublicPackages, fetchPublicStyles } from '../../shared/public-catalog-api';

// The public catalog for the public pages (no TanStack Query on these, see lib/use-load.ts).
export const useStyles = () => useLoad('styles', fetchPublicStyles);
export const usePackages = () => useLoad('packages', fetchPublicPackages);
export { usePublicConfig } from '../../shared/public-config';
