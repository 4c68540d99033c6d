/**
 * `@photoshoot/contract/bodies`: one zod schema per custom endpoint's request body, the one the
 * server validates with (`readValidBody`). Their types reach the web app through the contract's
 * main entry as types only, so zod never joins the web bundle.
 */
export { coded, issue } from './coded.js';
export * from './record-ids.js';
export * from './catalog.js';
export * from './delivery.js';
export * from './payments.js';
export * from './teams.js';
export * from './comfyui.js';
