import { installChunkReloadHandler } from './lib/chunk-reload';
import { initAuth } from './lib/auth-store';
import { startApp } from './start-app';
import './styles.css';

installChunkReloadHandler();
// Start the session refresh right away; guarded routes wait for it, public pages don't.
void initAuth();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

void startApp(root);
