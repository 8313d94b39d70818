import type { ErrorCode } from '../../common/error-codes';

/** The v2 envelopes (spec §2.1), built in one place. */
export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  data: T;
}

/** `code` (the error catalogue, src/common/error-codes.ts) and `request_id` (the x-request-id header) were added after `message`. */
export interface ErrorEnvelope {
  success: false;
  message: string;
  code: ErrorCode;
  request_id: string;
  errors?: Record<string, string[]>;
}

export function success<T>(message: string, data: T): SuccessEnvelope<T> {
  return { success: true, message, data };
}

/** For operations whose documented 200 carries no `data` (deletes). */
export function done(message: string): { success: true; message: string } {
  return { success: true, message };
}

export function failure(message: string, code: ErrorCode, requestId: string, errors?: Record<string, string[]>): ErrorEnvelope {
  const envelope: ErrorEnvelope = { success: false, message, code, request_id: requestId };
  return errors ? { ...envelope, errors } : envelope;
}

/** The one documented exception (§4.6 update content): the record under its own key instead of `data`. */
export function successUnder<K extends string, T>(message: string, key: K, value: T): { success: true; message: string } & Record<K, T> {
  return { success: true, message, [key]: value } as { success: true; message: string } & Record<K, T>;
}
