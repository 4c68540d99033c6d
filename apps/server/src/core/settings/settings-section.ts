/** A module's section of the live settings, registered through its module (decision 020). */
export type AddSettingsError = (field: string, code: string, message: string) => void;

export type SettingsSection<T> = {
  /** The key under the settings root, e.g. `payments`. */
  readonly name: string;
  defaults(): T;
  /** Secret fields relative to the section (`a.b`, `*` for any array index): masked, kept on PATCH. */
  readonly secretFields?: readonly string[];
  validate?(value: T, add: AddSettingsError): void;
};
