/** The HTTP methods `calendar api` sends, shared by its definition, its action and the completions. */
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
