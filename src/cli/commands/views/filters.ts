/** The events list's filters that the views take (the flags are built from the resource table). */
export { CONFLICT_FILTER_NAMES, VIEW_FILTER_NAMES } from '../../../spec/resources.js';
