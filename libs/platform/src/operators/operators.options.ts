/** Injection token of the service's OperatorsOptions (OperatorsModule.forRoot). */
export const OPERATORS_OPTIONS = Symbol('OPERATORS_OPTIONS');

export interface OperatorsOptions {
  /** The service's name: authenticator apps show it beside the account's e-mail. */
  service: string;
}
