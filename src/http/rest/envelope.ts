/** The v2 envelopes (spec §2.1), built in one place. */
export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  data: T;
}

export interface ErrorEnvelope {
  success: false;
  message: string;
  errors?: Record<string, string[]>;
}

export function success<T>(message: string, data: T): SuccessEnvelope<T> {
  return { success: true, message, data };
}

/** For operations whose documented 200 carries no `data` (deletes). */
export function done(message: string): { success: true; message: string } {
  return { success: true, message };
}

export function failure(message: string, errors?: Record<string, string[]>): ErrorEnvelope {
  return errors ? { success: false, message, errors } : { success: false, message };
}

/** The one documented exception (§4.6 update content): the record under its own key instead of `data`. */
export function successUnder<K extends string, T>(message: string, key: K, value: T): { success: true; message: string } & Record<K, T> {
  return { success: true, message, [key]: value } as { success: true; message: string } & Record<K, T>;
}
