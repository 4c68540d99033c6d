/**
 * The `comfyui` settings section: the operator's ComfyUI servers, their workflows, and which
 * workflow each style uses. Unlike the hosted providers' base URLs, server URLs are settings:
 * the servers are the operator's own machines. A server's auth header value (for a reverse proxy
 * in front of ComfyUI, which has no authentication of its own) is a secret: masked by the
 * settings API, kept when a PATCH leaves it blank.
 */
import type { SettingsSection } from '../../core/settings/settings-section.js';
import { workflowProblems } from './validate-workflow.js';
import type { ComfyWorkflow } from './workflow.js';

export type ComfyServer = {
  /**
   * Unique label ("gpu-1"). The settings API matches list items by name when it keeps a secret a
   * PATCH left blank, so removing one server never hands its header value to the next one.
   */
  name: string;
  url: string;
  /** Header sent with every request (e.g. `Authorization`); blank: none. */
  authHeader: string;
  /** Its value (secret). */
  authValue: string;
};

export type StyleWorkflow = { style: string; workflow: string };

export type ComfyuiSettings = {
  servers: ComfyServer[];
  workflows: ComfyWorkflow[];
  /**
   * Which workflow a style uses; a style not listed uses `defaultWorkflow`. A list, not a map:
   * settings patches drop keys the defaults do not have.
   */
  styleWorkflows: StyleWorkflow[];
  defaultWorkflow: string;
  /** Seconds between `/history` polls: the backstop when the progress socket is silent or down. */
  pollSeconds: number;
  /** Minutes one run may take before it is interrupted and the attempt fails. */
  timeoutMinutes: number;
};

export const MAX_SERVERS = 16;
export const MAX_WORKFLOWS = 20;

export function defaultComfyuiSettings(): ComfyuiSettings {
  return {
    servers: [],
    workflows: [],
    styleWorkflows: [],
    defaultWorkflow: '',
    pollSeconds: 5,
    timeoutMinutes: 30,
  };
}

type Add = (field: string, code: string, message: string) => void;
const HEADER = /^[A-Za-z0-9-]{1,64}$/;

function isHttpUrl(v: unknown): boolean {
  if (typeof v !== 'string' || v.length > 500) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
  } catch {
    return false;
  }
}

function validateServers(servers: unknown, add: Add): void {
  if (!Array.isArray(servers) || servers.length > MAX_SERVERS)
    return add('servers', 'validation_invalid_value', `Must be a list of at most ${MAX_SERVERS} servers.`);
  servers.forEach((s: Partial<ComfyServer> | null, i) => {
    if (!s || typeof s !== 'object')
      return add(`servers.${i}`, 'validation_invalid_value', 'Must be an object.');
    if (typeof s.name !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,39}$/.test(s.name))
      add(
        `servers.${i}.name`,
        'validation_invalid_value',
        'Must be 1–40 letters, digits, spaces, dots or dashes.',
      );
    else if (servers.slice(0, i).some((o: Partial<ComfyServer> | null) => o?.name === s.name))
      add(`servers.${i}.name`, 'validation_not_unique', 'Another server has this name.');
    if (!isHttpUrl(s.url))
      add(`servers.${i}.url`, 'validation_is_url', 'Must be an http(s) URL without credentials.');
    if (typeof s.authHeader !== 'string' || (s.authHeader && !HEADER.test(s.authHeader)))
      add(`servers.${i}.authHeader`, 'validation_invalid_value', 'Must be a header name or blank.');
    if (typeof s.authValue !== 'string' || s.authValue.length > 2000 || /[\r\n]/.test(s.authValue))
      add(`servers.${i}.authValue`, 'validation_invalid_value', 'Must be a single line.');
  });
}

export function validateComfyuiSettings(s: ComfyuiSettings, add: Add): void {
  validateServers(s.servers, add);
  if (!Array.isArray(s.workflows) || s.workflows.length > MAX_WORKFLOWS)
    add('workflows', 'validation_invalid_value', `Must be a list of at most ${MAX_WORKFLOWS} workflows.`);
  const names = new Set<string>();
  for (const [i, w] of (Array.isArray(s.workflows) ? s.workflows : []).entries()) {
    for (const p of workflowProblems(w))
      add(['workflows', i, p.field].filter((x) => x !== '').join('.'), 'validation_invalid_value', p.message);
    if (names.has(w?.name))
      add(`workflows.${i}.name`, 'validation_not_unique', 'Another workflow has this name.');
    names.add(w?.name);
  }
  const known = (name: unknown) => typeof name === 'string' && names.has(name);
  if (typeof s.defaultWorkflow !== 'string' || (s.defaultWorkflow && !known(s.defaultWorkflow)))
    add('defaultWorkflow', 'validation_invalid_value', 'Must be the name of a saved workflow, or blank.');
  if (!Array.isArray(s.styleWorkflows) || s.styleWorkflows.length > 500)
    add('styleWorkflows', 'validation_invalid_value', 'Must be a list of {style, workflow}.');
  else
    s.styleWorkflows.forEach((m: Partial<StyleWorkflow> | null, i) => {
      if (typeof m?.style !== 'string' || !/^[a-z0-9-]{1,100}$/.test(m.style))
        add(`styleWorkflows.${i}.style`, 'validation_invalid_value', 'Must be a style slug.');
      if (!known(m?.workflow))
        add(
          `styleWorkflows.${i}.workflow`,
          'validation_invalid_value',
          `No saved workflow is named "${String(m?.workflow)}".`,
        );
    });
  if (!Number.isInteger(s.pollSeconds) || s.pollSeconds < 1 || s.pollSeconds > 600)
    add('pollSeconds', 'validation_invalid_value', 'Must be a whole number of seconds from 1 to 600.');
  if (!Number.isInteger(s.timeoutMinutes) || s.timeoutMinutes < 1 || s.timeoutMinutes > 1440)
    add('timeoutMinutes', 'validation_invalid_value', 'Must be a whole number of minutes from 1 to 1440.');
}

/** The `comfyui` section, registered by its module. */
export const comfyuiSettingsSection: SettingsSection<ComfyuiSettings> = {
  name: 'comfyui',
  defaults: defaultComfyuiSettings,
  secretFields: ['servers.*.authValue'],
  validate: validateComfyuiSettings,
};

declare module '../../core/settings/settings.js' {
  interface ModuleSettings {
    comfyui: ComfyuiSettings;
  }
}

/** The workflow `styleSlug` runs with, or null when none is set up for it. */
export function workflowFor(s: ComfyuiSettings, styleSlug: string): ComfyWorkflow | null {
  const name = s.styleWorkflows.find((m) => m.style === styleSlug)?.workflow ?? s.defaultWorkflow;
  return s.workflows.find((w) => w.name === name) ?? null;
}
