/** An error the user can act on: a stable code and a message shown as is (the catalogue makes them). */
export class DomainError<C extends string = string> extends Error {
  constructor(
    readonly code: C,
    message: string,
    /** Extra fields some answers carry for the web app (SFTP: data.errorMessage). */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
