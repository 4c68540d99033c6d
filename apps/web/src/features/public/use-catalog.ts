import { useLoad } from '../../lib/use-load';
import { fetchPackages, fetchPublicConfig, fetchStyles } from './catalog-api';

// The public catalog for the public pages (no TanStack Query on these, see lib/use-load.ts).
export const useStyles = () => useLoad('styles', fetchStyles);
export const usePackages = () => useLoad('packages', fetchPackages);
export const usePublicConfig = () => useLoad('public-config', fetchPublicConfig);
