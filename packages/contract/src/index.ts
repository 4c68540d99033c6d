/**
 * @photoshoot/contract: the shapes the server and the web app agree on. Consumed from its TS
 * sources (Vite bundles it; the server only ever `import type`s it, so nothing of it runs in Node).
 */
export * from './records.gen.js';
export * from './json-fields.js';
export * from './statuses.js';
export * from './api.js';
export * from './teams-api.js';
export * from './purchasables.js';
export type { TypedPocketBase } from './client.js';
