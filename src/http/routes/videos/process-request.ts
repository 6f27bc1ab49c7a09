/**
 * The body of POST /api/v1/videos/process (docs/api-behaviour.md#submitting-a-job; every field in
 * /openapi.json): its schema, and the normalised JobRequest it becomes.
 */
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { MAX_TRANSCRIPT_BYTES, type JobRequest, type JobWarning } from '../../../domain/job';
import { SUMMARY_MODES, type SummaryMode } from '../../../domain/summary';
import { TRANSCRIPT_SOURCE_OPTIONS } from '../../../domain/transcript';
import { parseVideoUrl } from '../../../domain/video-url';
import { parseWebhookUrl } from '../../../webhooks';

const summaryMode = z.enum(SUMMARY_MODES);
const shortText = (max: number) => z.string().trim().min(1).max(max);

export const ProcessOptionsSchema = z
  .strictObject({
    max_transcript_length: z.number().int().min(1).max(MAX_TRANSCRIPT_BYTES).nullish().describe(
      'Bytes of transcript text kept; a longer transcript is cut at a segment boundary. Default and maximum 10485760.',
    ),
    include_comments: z.boolean().nullish().describe('Read the top comments (at most COMMENTS_LIMIT): the result gains `comments`, and detailed and key_insights a "What viewers say" section.'),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'must be a language code such as "en" or "pt-BR"')
      .nullish()
      .describe('Preferred transcript language; falls back to a YouTube translation, then the original.'),
    summary_modes: z
      .array(summaryMode)
      .min(1)
      .max(SUMMARY_MODES.length)
      .refine((modes) => new Set(modes).size === modes.length, 'must not repeat a mode')
      .nullish()
      .describe('Default ["tldr"].'),
    summary_type: summaryMode.nullish().describe('Deprecated: the single-mode form of summary_modes.'),
    generate_infographic: z.boolean().nullish().describe('Pro/Admin: render a one-page infographic (PNG and SVG) at infographic_url.'),
    transcript_source: z
      .enum(TRANSCRIPT_SOURCE_OPTIONS)
      .nullish()
      .describe(
        'Where the transcript comes from. auto (default): the captions, and speech-to-text from the audio when no caption track serves the language or the original; captions: captions only; speech_to_text: always the audio. Speech-to-text needs a provider configured on the server (else TRANSCRIPT_UNAVAILABLE).',
      ),
  })
  .meta({ id: 'ProcessOptions' });

export const ProcessRequestSchema = z
  .strictObject({
    url: z.string().min(1).max(2048).describe('A YouTube address (watch, youtu.be, shorts, embed, live, m., music.) or an 11-character id.'),
    options: ProcessOptionsSchema.nullish().describe('null or left out: every option at its default, as null does for each option.'),
    webhook_url: z.string().max(2048).nullish(),
    priority: z.enum(['normal', 'high']).nullish(),
    custom_instructions: shortText(4000).nullish(),
    use_proxy: z.boolean().nullish(),
    force_refresh: z.boolean().nullish(),
    service_name: shortText(200).nullish(),
    agent_name: shortText(200).nullish(),
    client_reference: shortText(200).nullish(),
    summary_type: summaryMode.nullish().describe('Deprecated: the single-mode form of options.summary_modes.'),
  })
  .meta({ id: 'ProcessRequest' });

export type ProcessRequestBody = z.output<typeof ProcessRequestSchema>;

export interface NormalisedRequest {
  request: JobRequest;
  warnings: JobWarning[];
  usedDeprecatedField: boolean;
  attribution: { serviceName: string | null; agentName: string | null; clientReference: string | null };
}

export interface ServerFeatures {
  /** INFOGRAPHICS_ENABLED. */
  infographicsEnabled: boolean;
}

export function normaliseProcessRequest(body: ProcessRequestBody, features: ServerFeatures): NormalisedRequest {
  const parsed = parseVideoUrl(body.url);
  if (!parsed) {
    throw new AppError('UNSUPPORTED_URL', 'The url is not the address of a supported video (YouTube watch, youtu.be, shorts, embed or live)', {
      url: body.url.slice(0, 200),
    });
  }
  const webhookUrl = body.webhook_url ? parseWebhookUrl(body.webhook_url).toString() : null;
  const options = body.options ?? {};
  const warnings: JobWarning[] = [];

  // null, like a field left out, is the default: here, no legacy mode.
  const legacyMode = options.summary_type ?? body.summary_type ?? null;
  const usedDeprecatedField = legacyMode !== null;
  if (usedDeprecatedField) {
    warnings.push({
      code: 'DEPRECATED_FIELD',
      field: 'summary_type',
      message: 'summary_type is deprecated and will be removed in v2.0; send options.summary_modes (an array) instead',
    });
  }
  const summaryModes: SummaryMode[] = options.summary_modes ?? (legacyMode ? [legacyMode] : ['tldr']);

  // The request keeps what was asked (the plan gate judges that); the workflow's input says
  // whether an infographic is drawn (videoJobInput, src/contracts/video-job.ts).
  if (options.generate_infographic && !features.infographicsEnabled) {
    warnings.push({
      code: 'FEATURE_DISABLED',
      field: 'options.generate_infographic',
      message: 'Infographic generation is disabled on this server; infographic_url will be null',
    });
  }

  return {
    request: {
      url: parsed.canonicalUrl,
      videoId: parsed.videoId,
      summaryModes,
      language: options.language ? options.language.replace('_', '-') : null,
      maxTranscriptLength: options.max_transcript_length ?? MAX_TRANSCRIPT_BYTES,
      includeComments: options.include_comments ?? false,
      generateInfographic: options.generate_infographic ?? false,
      forceRefresh: body.force_refresh ?? false,
      useProxy: body.use_proxy ?? null,
      priority: body.priority ?? 'normal',
      webhookUrl,
      customInstructions: body.custom_instructions ?? null,
      transcriptSource: options.transcript_source ?? 'auto',
    },
    warnings,
    usedDeprecatedField,
    attribution: {
      serviceName: body.service_name ?? null,
      agentName: body.agent_name ?? null,
      clientReference: body.client_reference ?? null,
    },
  };
}

/** RFC 9745: the date summary_type was deprecated (v1.1.0, December 2024). */
export const SUMMARY_TYPE_DEPRECATION = '@1733011200';
