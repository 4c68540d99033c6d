// The SDK's realtime client needs an EventSource, which Node 20 lacks.
import { EventSource } from 'eventsource';

(globalThis as { EventSource?: unknown }).EventSource ??= EventSource;
