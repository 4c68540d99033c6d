/**
 * The back office's paths: no integration starts there, and one already running hides its chat
 * and counts no page view.
 */
export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');
