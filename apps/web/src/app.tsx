import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { startIntegrations } from './lib/integrations/start-integrations';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(() => createAppRouter());
  useEffect(() => startIntegrations(router), [router]);
  return <RouterProvider router={router} />;
}
