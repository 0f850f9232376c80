/** WordPress REST error bodies: `{code, message, data: {status, ...}}`. */
export class SiteError extends Error {
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
  /** The error's data: a plugin callback's carries the status, a schema check's the parameter. */
  data?: Record<string, unknown>;
}

type Detail = { code: string; message: string; data: Record<string, unknown> };

/**
 * Collects every bad parameter of one request, as WordPress reports them all at once. WordPress
 * runs the validation callbacks before the type checks (sanitizing), and reports type errors
 * only when every validation passed.
 */
export class ParamProblems {
  private readonly messages: Record<string, string> = {};
  private readonly details: Record<string, Detail> = {};
  private readonly typeErrors = new Set<string>();

  /** A validation callback's refusal: "Invalid parameter.", or the callback's own error. */
  invalid(name: string, detail?: InvalidDetail): void {
    if (name in this.messages) return;
    this.messages[name] = detail ? detail.message : 'Invalid parameter.';
    if (detail) this.details[name] = { code: detail.code, message: detail.message, data: detail.data ?? { status: 400 } };
  }

  /** A value of the wrong JSON type, found after validation. */
  wrongType(name: string, type: string): void {
    if (name in this.messages) return;
    const message = `${name} is not of type ${type}.`;
    this.messages[name] = message;
    this.details[name] = { code: 'rest_invalid_type', message, data: { param: name } };
    this.typeErrors.add(name);
  }

  /** Adds another check's problems after this one's. */
  absorb(other: ParamProblems): void {
    for (const [name, message] of Object.entries(other.messages)) {
      if (name in this.messages) continue;
      this.messages[name] = message;
      if (other.details[name]) this.details[name] = other.details[name];
      if (other.typeErrors.has(name)) this.typeErrors.add(name);
    }
  }

  get empty(): boolean {
    return Object.keys(this.messages).length === 0;
  }

  throwIfAny(): void {
    if (this.empty) return;
    const all = Object.keys(this.messages);
    const validationFailed = all.some((name) => !this.typeErrors.has(name));
    const names = validationFailed ? all.filter((name) => !this.typeErrors.has(name)) : all;
    const params = Object.fromEntries(names.map((name) => [name, this.messages[name]]));
    const detailed = names.filter((name) => name in this.details);
    const details = detailed.length ? Object.fromEntries(detailed.map((name) => [name, this.details[name]])) : [];
    throw new SiteError(400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, { params, details });
  }
}

export function invalidParam(name: string): SiteError {
  return new SiteError(400, 'rest_invalid_param', `Invalid parameter(s): ${name}`, { params: { [name]: 'Invalid parameter.' }, details: [] });
}

export function missingParams(names: string[]): SiteError {
  return new SiteError(400, 'rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, { params: names });
}

export const noRoute = () => new SiteError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
export const forbidden = () => new SiteError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
