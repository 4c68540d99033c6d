/**
 * Collections are declared in code. `defineCollection` adds the system fields every collection of
 * its type has (id, autodates, and the auth fields), so a definition lists only what is its own.
 */
import { crc32 } from 'node:zlib';
import { f, type Field } from './fields.js';

/** A rule in the filter language; `null` locks the action to superusers, `""` opens it to everyone. */
export type Rule = string | null;

export type IndexDef = {
  name: string;
  columns: string[];
  unique?: boolean;
  /** Case-insensitive uniqueness/lookup on text columns (emails, coupon codes). */
  nocase?: boolean;
};

export type AuthOptions = {
  /** Checked after every successful authentication. */
  authRule: Rule;
  /** Grants admin-like edits of other records of this collection. */
  manageRule: Rule;
  /** Who else sees a record's email while its emailVisibility is off (core/records/email-visibility.ts). */
  emailRule?: Rule;
  passwordAuth: { enabled: boolean; identityFields: string[] };
  /** Token lifetimes in seconds. */
  authTokenDuration: number;
  passwordResetTokenDuration: number;
  emailChangeTokenDuration: number;
  verificationTokenDuration: number;
  fileTokenDuration: number;
  minPasswordLength: number;
};

export type CollectionDef = {
  id: string;
  name: string;
  type: 'base' | 'auth';
  /** System collections (`_superusers`, `_externalAuths`, ...) are hidden from the public list. */
  system: boolean;
  fields: Field[];
  indexes: IndexDef[];
  listRule: Rule;
  viewRule: Rule;
  createRule: Rule;
  updateRule: Rule;
  deleteRule: Rule;
  auth?: AuthOptions;
};

export type CollectionInput = {
  name: string;
  /** Defaults to `pbc_` + CRC32 of type and name, as PocketBase does. */
  id?: string;
  type?: 'base' | 'auth';
  system?: boolean;
  fields: Field[];
  indexes?: IndexDef[];
  listRule?: Rule;
  viewRule?: Rule;
  createRule?: Rule;
  updateRule?: Rule;
  deleteRule?: Rule;
  auth?: Partial<AuthOptions>;
  /** Leave out the created/updated autodate fields (rare: only some system collections). */
  noAutodates?: boolean;
};

export const ID_FIELD = f.text('id', {
  primaryKey: true,
  required: true,
  min: 15,
  max: 15,
  pattern: '^[a-z0-9]+$',
  autogeneratePattern: '[a-z0-9]{15}',
  system: true,
});

const NAME_RE = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function defaultAuthOptions(name: string): AuthOptions {
  return {
    authRule: '',
    manageRule: null,
    passwordAuth: { enabled: true, identityFields: ['email'] },
    authTokenDuration: name === '_superusers' ? 86400 : 432000,
    passwordResetTokenDuration: 1800,
    emailChangeTokenDuration: 1800,
    verificationTokenDuration: 86400,
    fileTokenDuration: 180,
    minPasswordLength: 8,
  };
}

export function defineCollection(input: CollectionInput): CollectionDef {
  const type = input.type ?? 'base';
  if (!NAME_RE.test(input.name)) throw new Error(`invalid collection name ${input.name}`);
  const fields: Field[] = [ID_FIELD];
  if (type === 'auth') {
    fields.push(
      f.password('password', { required: true, hidden: true, system: true, min: 8, max: 71 }),
      f.text('tokenKey', { required: true, hidden: true, system: true, min: 30, max: 60 }),
      f.email('email', { required: true, system: true }),
      f.bool('emailVisibility', { system: true }),
      f.bool('verified', { system: true }),
    );
  }
  fields.push(...input.fields);
  if (!input.noAutodates) {
    fields.push(f.autodate('created', true, false), f.autodate('updated', true, true));
  }
  const seen = new Set<string>();
  for (const field of fields) {
    if (!NAME_RE.test(field.name)) throw new Error(`invalid field name ${input.name}.${field.name}`);
    if (seen.has(field.name)) throw new Error(`duplicate field ${input.name}.${field.name}`);
    seen.add(field.name);
  }
  const indexes = [...(input.indexes ?? [])];
  if (type === 'auth') {
    indexes.push(
      { name: `idx_email_${input.name}`, columns: ['email'], unique: true, nocase: true },
      { name: `idx_tokenKey_${input.name}`, columns: ['tokenKey'], unique: true },
    );
  }
  return {
    id: input.id ?? `pbc_${crc32(type + input.name)}`,
    name: input.name,
    type,
    system: input.system ?? false,
    fields,
    indexes,
    listRule: input.listRule === undefined ? null : input.listRule,
    viewRule: input.viewRule === undefined ? null : input.viewRule,
    createRule: input.createRule === undefined ? null : input.createRule,
    updateRule: input.updateRule === undefined ? null : input.updateRule,
    deleteRule: input.deleteRule === undefined ? null : input.deleteRule,
    auth: type === 'auth' ? { ...defaultAuthOptions(input.name), ...input.auth } : undefined,
  };
}

export function getField(collection: CollectionDef, name: string): Field | undefined {
  return collection.fields.find((field) => field.name === name);
}
