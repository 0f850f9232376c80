/** Occurrences a rule may give unless `--max` says otherwise (alone here: the command tree shows it in help without loading the expansion). */
export const DEFAULT_SERIES_CAP = 500;
