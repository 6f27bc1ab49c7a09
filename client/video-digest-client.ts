/**
 * A typed client of the Video Digest API: openapi-fetch over the types generated from the
 * service's OpenAPI document (client/openapi.d.ts). The methods below answer the resource itself
 * and throw the service's error envelope as VideoDigestApiError; `http` reaches every other route,
 * typed the same way, with openapi-fetch's own {data, error, response} answers.
 */
import createClient, { type Client } from 'openapi-fetch';
import { errorFromResponse, ServiceUnreachableError } from './api-error';
import type { components, paths } from './openapi';

type Schemas = components['schemas'];
export type ProcessRequest = Schemas['ProcessRequest'];
export type JobSubmission = Schemas['JobSubmission'];
export type JobStatus = Schemas['JobStatus'];
export type JobResult = Schemas['JobResult'];
export type JobList = Schemas['JobList'];
export type BatchRequest = Schemas['BatchRequest'];
export type BatchSubmission = Schemas['BatchSubmission'];
export type BatchStatus = Schemas['BatchStatus'];
export type BatchResults = Schemas['BatchResults'];
export type BatchList = Schemas['BatchList'];
export type KeyValidation = Schemas['KeyValidation'];
export type JobListQuery = NonNullable<paths['/api/v1/videos/']['get']['parameters']['query']>;
export type TranscriptFormat = NonNullable<NonNullable<paths['/api/v1/videos/transcript/{job_id}']['get']['parameters']['query']>['format']>;

export interface VideoDigestClientOptions {
  /** The service's address, e.g. http://localhost:8080 (no /api/v1). */
  baseUrl: string;
  /** sk_ + 64 lowercase hex, sent as `Authorization: Bearer`. */
  apiKey: string;
  /** A fetch of your own (a proxy agent, a test's recorder); the global fetch otherwise. */
  fetch?: (request: Request) => Promise<Response>;
}

export interface RequestOptions {
  /** Aborts the request (and so the call) when it fires. */
  signal?: AbortSignal;
}

export interface VideoDigestClient {
  /** openapi-fetch's client, for routes without a method here. */
  readonly http: Client<paths>;
  submitJob(request: ProcessRequest, options?: RequestOptions): Promise<JobSubmission>;
  jobStatus(jobId: string, options?: RequestOptions): Promise<JobStatus>;
  /** JOB_NOT_COMPLETED or JOB_FAILED (409) until the job has completed. */
  jobResult(jobId: string, options?: RequestOptions): Promise<JobResult>;
  /** The transcript as a file's text (txt, srt, vtt, json or md); refused as jobResult is. */
  transcriptFile(jobId: string, format: TranscriptFormat, options?: RequestOptions): Promise<string>;
  /** The whole job as a Markdown document; refused as jobResult is. */
  markdownExport(jobId: string, options?: RequestOptions): Promise<string>;
  listJobs(query?: JobListQuery, options?: RequestOptions): Promise<JobList>;
  submitBatch(request: BatchRequest, options?: RequestOptions): Promise<BatchSubmission>;
  batchStatus(batchId: string, options?: RequestOptions): Promise<BatchStatus>;
  batchResults(batchId: string, query?: { includeFailed?: boolean }, options?: RequestOptions): Promise<BatchResults>;
  validateKey(options?: RequestOptions): Promise<KeyValidation>;
}

type Answer<T> = { data?: T; error?: unknown; response: Response };

/** The resource, or the failure thrown as a typed error. */
async function resource<T>(baseUrl: string, pending: Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await pending;
  } catch (error) {
    // An abort is the caller's own doing and stays what it is.
    if ((error as { name?: unknown }).name === 'AbortError') throw error;
    throw new ServiceUnreachableError(baseUrl, error);
  }
  const { data, error, response } = answer;
  if (response.ok && data !== undefined) return data;
  throw errorFromResponse(response, error);
}

export function createVideoDigestClient(options: VideoDigestClientOptions): VideoDigestClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const http = createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const call = <T>(pending: Promise<Answer<T>>): Promise<T> => resource(baseUrl, pending);
  return {
    http,
    submitJob: (body, init) => call(http.POST('/api/v1/videos/process', { body, ...init })),
    jobStatus: (jobId, init) => call(http.GET('/api/v1/videos/status/{job_id}', { params: { path: { job_id: jobId } }, ...init })),
    jobResult: (jobId, init) => call(http.GET('/api/v1/videos/result/{job_id}', { params: { path: { job_id: jobId } }, ...init })),
    transcriptFile: (jobId, format, init) =>
      call(http.GET('/api/v1/videos/transcript/{job_id}', { params: { path: { job_id: jobId }, query: { format } }, parseAs: 'text', ...init })),
    markdownExport: (jobId, init) => call(http.GET('/api/v1/videos/export/{job_id}/markdown', { params: { path: { job_id: jobId } }, parseAs: 'text', ...init })),
    listJobs: (query, init) => call(http.GET('/api/v1/videos/', { params: { query }, ...init })),
    submitBatch: (body, init) => call(http.POST('/api/v1/batch/process', { body, ...init })),
    batchStatus: (batchId, init) => call(http.GET('/api/v1/batch/status/{batch_id}', { params: { path: { batch_id: batchId } }, ...init })),
    batchResults: (batchId, query, init) =>
      call(
        http.GET('/api/v1/batch/results/{batch_id}', {
          params: { path: { batch_id: batchId }, query: query?.includeFailed ? { include_failed: 'true' } : undefined },
          ...init,
        }),
      ),
    validateKey: (init) => call(http.GET('/api/v1/auth/validate', { ...init })),
  };
}
