/** An ISO 8601 UTC timestamp with milliseconds, as every API answers dates and times. */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
