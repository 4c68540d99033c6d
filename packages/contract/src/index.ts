/**
 * @photoshoot/contract: the shapes the server and the web app agree on. Consumed from its TS
 * sources (Vite bundles it). The request body schemas are its one part that runs in Node:
 * `@photoshoot/contract/bodies`, compiled to dist/ for the server (decision 039).
 */
export * from './records.gen.js';
export * from './json-fields.js';
export * from './statuses.js';
export * from './api.js';
export * from './teams-api.js';
export * from './purchasables.js';
// note: types only, so the web app never bundles zod; the server imports the schemas from `/bodies`.
export type * from './bodies/index.js';
export type { TypedPocketBase } from './client.js';
