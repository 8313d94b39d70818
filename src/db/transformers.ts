import type { ValueTransformer } from 'typeorm';

/** PostgreSQL `numeric` arrives as a string to keep precision; money here fits a double exactly enough to 2 places. */
export const numericToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
