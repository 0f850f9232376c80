/** The shells calendar writes completion scripts for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
