/** The Video Digest API client: see client/README.md. */
export {
  createVideoDigestClient,
  type BatchList,
  type BatchRequest,
  type BatchResults,
  type BatchStatus,
  type BatchSubmission,
  type JobList,
  type JobListQuery,
  type JobResult,
  type JobStatus,
  type JobSubmission,
  type KeyValidation,
  type ProcessRequest,
  type RequestOptions,
  type TranscriptFormat,
  type VideoDigestClient,
  type VideoDigestClientOptions,
} from './video-digest-client';
export { ServiceUnreachableError, UnexpectedResponseError, VideoDigestApiError, type ApiErrorCode, type ApiErrorEnvelope } from './api-error';
export type { components, paths } from './openapi';
