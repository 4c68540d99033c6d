import { cleanup, configure } from '@testing-library/react';
import { EventSource } from 'eventsource';
import { afterEach, beforeEach, inject } from 'vitest';
import { setApiBaseUrl } from '../lib/api-base';
import { pb } from '../lib/pb';

// Every test talks to the real server the global setup started, with an empty auth store: the SDK
// client and the SDK-free public fetches alike.
setApiBaseUrl(inject('apiUrl'));
pb.baseURL = inject('apiUrl');

// Lazy route chunks compile on first use; give findBy* queries time on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no EventSource: the real SSE client lets pages' realtime subscriptions run against the server.
globalThis.EventSource ??= EventSource as unknown as typeof globalThis.EventSource;

// jsdom has no layout; the router's scroll restoration calls this.
window.scrollTo = () => undefined;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  pb.authStore.clear();
});

afterEach(() => {
  cleanup();
});
