// The v4 response envelope: every API answer, success or failure, has this shape.

export interface ResultInfo {
  page: number;
  per_page: number;
  count: number;
  total_count: number;
  /** Absent from some lists' result_info (the previous WAF's). */
  total_pages?: number;
}

/** An `errors` entry: the common shape has a code; the rulesets API's (`rulesets_Message`) may have only a message and a pointer. */
export interface ApiError {
  code?: number;
  message: string;
  source?: { pointer: string };
}

export interface SuccessEnvelope<T> {
  result: T;
  result_info?: ResultInfo;
  success: true;
  errors: [];
  messages: [];
}

export interface FailureEnvelope {
  result: null;
  success: false;
  errors: ApiError[];
  messages: [];
}

export function success<T>(result: T, resultInfo?: ResultInfo): SuccessEnvelope<T> {
  return resultInfo
    ? { result, result_info: resultInfo, success: true, errors: [], messages: [] }
    : { result, success: true, errors: [], messages: [] };
}

export function failure(code: number, message: string): FailureEnvelope {
  return { result: null, success: false, errors: [{ code, message }], messages: [] };
}

/** A handler's answer before it is written to the socket. */
/** GraphQL answers `{data, errors}` instead of the envelope (POST /graphql). */
export interface GraphqlBody {
  data: unknown;
  errors?: Array<{ message: string; path?: ReadonlyArray<string | number>; extensions?: Record<string, unknown> }>;
}

export interface ApiResponse {
  status: number;
  body: SuccessEnvelope<unknown> | FailureEnvelope | GraphqlBody;
  headers?: Record<string, string>;
  /** What the call log names this answer by, when its body has no code of its own. */
  logAs?: string;
}

export function ok<T>(result: T, resultInfo?: ResultInfo): ApiResponse {
  return { status: 200, body: success(result, resultInfo) };
}

export function fail(status: number, code: number, message: string, headers?: Record<string, string>): ApiResponse {
  return { status, body: failure(code, message), headers };
}

/** A rulesets API refusal (`rulesets_Failure`): messages without a code, each naming the field it refuses. */
export function failRuleset(status: number, errors: Array<{ message: string; pointer: string }>): ApiResponse {
  return {
    status,
    body: { result: null, success: false, errors: errors.map(({ message, pointer }) => ({ message, source: { pointer } })), messages: [] },
  };
}
