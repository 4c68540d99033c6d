/**
 * A module's section of the live settings, registered through its module (decision 020). Another
 * module may add fields to a section by registering one of the same name: the defaults merge,
 * every secret field is kept secret, and each validates its own fields (the hosted providers'
 * keys sit in `processing`, beside the job runner's settings, without processing knowing them).
 */
export type AddSettingsError = (field: string, code: string, message: string) => void;

export type SettingsSection<T> = {
  /** The key under the settings root, e.g. `payments`. */
  readonly name: string;
  defaults(): T;
  /** Secret fields relative to the section (`a.b`, `*` for any array index): masked, kept on PATCH. */
  readonly secretFields?: readonly string[];
  validate?(value: T, add: AddSettingsError): void;
};
