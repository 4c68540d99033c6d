/**
 * Names a service a module hangs off the app (`app.provide` / `app.service`), so the platform holds
 * product services without knowing their types.
 */
export class ServiceKey<T> {
  declare readonly type?: T;
  constructor(readonly name: string) {}
}
