import { initAuth } from './lib/auth-store';
import { startIntegrations } from './lib/integrations/start-integrations';
import { takeHandOver } from './lib/tab-session';
import { startApp } from './start-app';
import './styles.css';

// Before any session is read: an operator's hand-over to a customer view (ADR 026).
takeHandOver();
// Start the session refresh right away; guarded routes wait for it, public pages don't.
void initAuth();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

void startApp(root, { afterMount: startIntegrations });
