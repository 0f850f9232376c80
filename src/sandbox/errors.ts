/** WordPress REST error bodies: `{code, message, data: {status, ...}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data }, ...this.extra };
  }
}

export interface InvalidDetail {
  code: string;
  message: string;
}

/** Collects every bad parameter of one request, as WordPress reports them all at once. */
export class ParamProblems {
  private readonly messages: Record<string, string> = {};
  private readonly details: Record<string, { code: string; message: string; data: { param: string } }> = {};

  invalid(name: string, detail?: InvalidDetail): void {
    if (name in this.messages) return;
    this.messages[name] = detail ? detail.message : 'Invalid parameter.';
    if (detail) this.details[name] = { code: detail.code, message: detail.message, data: { param: name } };
  }

  wrongType(name: string, type: string): void {
    this.invalid(name, { code: 'rest_invalid_type', message: `${name} is not of type ${type}.` });
  }

  /** Adds another check's problems after this one's. */
  absorb(other: ParamProblems): void {
    for (const [name, message] of Object.entries(other.messages)) {
      if (name in this.messages) continue;
      this.messages[name] = message;
      if (other.details[name]) this.details[name] = other.details[name];
    }
  }

  get empty(): boolean {
    return Object.keys(this.messages).length === 0;
  }

  throwIfAny(): void {
    if (this.empty) return;
    const names = Object.keys(this.messages);
    const details = Object.keys(this.details).length ? this.details : [];
    throw new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, { params: this.messages, details });
  }
}

export function invalidParam(name: string): ApiError {
  return new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${name}`, { params: { [name]: 'Invalid parameter.' }, details: [] });
}

export function missingParams(names: string[]): ApiError {
  return new ApiError(400, 'rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, { params: names });
}

export const noRoute = () => new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
export const forbidden = () => new ApiError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
