/**
 * Field definitions: the single source of truth for validation, JSON output, SQL columns and
 * filter resolution. A field is plain data so collections can be declared as literals.
 */

export type FieldType =
  | 'text'
  | 'number'
  | 'bool'
  | 'email'
  | 'url'
  | 'date'
  | 'autodate'
  | 'select'
  | 'json'
  | 'file'
  | 'relation'
  | 'password';

type FieldBase = {
  name: string;
  required?: boolean;
  /** Omitted from API output, filters and sorts for non-superusers. */
  hidden?: boolean;
  /** Managed by the server: never settable by non-superusers through the records API. */
  system?: boolean;
};

export type TextField = FieldBase & {
  type: 'text';
  min?: number;
  max?: number;
  pattern?: string;
  /** Regex-like pattern of the form `[chars]{n}` used to generate a value when none is given. */
  autogeneratePattern?: string;
  primaryKey?: boolean;
};
export type NumberField = FieldBase & { type: 'number'; min?: number; max?: number; onlyInt?: boolean };
export type BoolField = FieldBase & { type: 'bool' };
export type EmailField = FieldBase & { type: 'email'; onlyDomains?: string[]; exceptDomains?: string[] };
export type UrlField = FieldBase & { type: 'url'; onlyDomains?: string[]; exceptDomains?: string[] };
export type DateField = FieldBase & { type: 'date'; min?: string; max?: string };
export type AutodateField = FieldBase & { type: 'autodate'; onCreate: boolean; onUpdate: boolean };
export type SelectField = FieldBase & { type: 'select'; values: string[]; maxSelect: number };
export type JsonField = FieldBase & { type: 'json'; maxSize?: number };
export type FileField = FieldBase & {
  type: 'file';
  maxSelect: number;
  /** Bytes per file. */
  maxSize: number;
  /** Allowed MIME types, checked against the sniffed bytes. Empty means any. */
  mimeTypes?: string[];
  thumbs?: string[];
  /** Access needs a file token and passes the view rule. */
  protected?: boolean;
};
export type RelationField = FieldBase & {
  type: 'relation';
  /** Target collection name. */
  collection: string;
  maxSelect: number;
  minSelect?: number;
  cascadeDelete?: boolean;
};
export type PasswordField = FieldBase & { type: 'password'; min?: number; max?: number; pattern?: string };

export type Field =
  | TextField
  | NumberField
  | BoolField
  | EmailField
  | UrlField
  | DateField
  | AutodateField
  | SelectField
  | JsonField
  | FileField
  | RelationField
  | PasswordField;

/** True for select, relation and file fields that hold an array of values. */
export function isMultiValue(field: Field): boolean {
  return (
    (field.type === 'select' || field.type === 'relation' || field.type === 'file') && field.maxSelect > 1
  );
}

/** The value a field has when nothing was stored (PocketBase's record JSON). */
export function zeroValue(field: Field): unknown {
  if (isMultiValue(field)) return [];
  switch (field.type) {
    case 'number':
      return 0;
    case 'bool':
      return false;
    case 'json':
      return null;
    default:
      return '';
  }
}

/** The kind of value a field produces in SQL; the filter compiler uses it to compare values safely. */
export type ValueKind = 'text' | 'number' | 'bool' | 'json';

export function valueKind(field: Field): ValueKind {
  if (isMultiValue(field) || field.type === 'json') return 'json';
  if (field.type === 'number') return 'number';
  if (field.type === 'bool') return 'bool';
  return 'text';
}

// Small constructors so collection definitions read as a list of typed fields.
type Opts<F> = Omit<F, 'name' | 'type'>;
export const f = {
  text: (name: string, o: Opts<TextField> = {}): TextField => ({ name, type: 'text', ...o }),
  number: (name: string, o: Opts<NumberField> = {}): NumberField => ({ name, type: 'number', ...o }),
  bool: (name: string, o: Opts<BoolField> = {}): BoolField => ({ name, type: 'bool', ...o }),
  email: (name: string, o: Opts<EmailField> = {}): EmailField => ({ name, type: 'email', ...o }),
  url: (name: string, o: Opts<UrlField> = {}): UrlField => ({ name, type: 'url', ...o }),
  date: (name: string, o: Opts<DateField> = {}): DateField => ({ name, type: 'date', ...o }),
  autodate: (name: string, onCreate: boolean, onUpdate: boolean): AutodateField => ({
    name,
    type: 'autodate',
    onCreate,
    onUpdate,
    system: true,
  }),
  select: (name: string, values: string[], o: Partial<Opts<SelectField>> = {}): SelectField => ({
    name,
    type: 'select',
    values,
    maxSelect: 1,
    ...o,
  }),
  json: (name: string, o: Opts<JsonField> = {}): JsonField => ({ name, type: 'json', ...o }),
  file: (name: string, o: Partial<Opts<FileField>> = {}): FileField => ({
    name,
    type: 'file',
    maxSelect: 1,
    maxSize: 5 * 1024 * 1024,
    ...o,
  }),
  relation: (name: string, collection: string, o: Partial<Opts<RelationField>> = {}): RelationField => ({
    name,
    type: 'relation',
    collection,
    maxSelect: 1,
    ...o,
  }),
  password: (name: string, o: Opts<PasswordField> = {}): PasswordField => ({ name, type: 'password', ...o }),
};
