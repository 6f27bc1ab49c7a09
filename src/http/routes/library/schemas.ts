/** Request and response shapes of the library routes (docs/library.md), for validation and OpenAPI. */
import { z } from 'zod';
import { JOB_ID_PATTERN } from '../../../jobs/job-id';
import { SummaryGeneratorSchema } from '../schemas';

const JobIdsSchema = z
  .array(z.string().regex(JOB_ID_PATTERN, 'must be a job_id'))
  .min(1)
  .max(100)
  .optional()
  .describe("Only these jobs' passages (1 to 100 of the caller's job ids); any id that is not the caller's answers 404 NOT_FOUND for the whole request.");

export const LibrarySearchRequestSchema = z
  .strictObject({
    query: z.string().trim().min(1).max(500).describe('Words or a phrase; websearch syntax: "quoted phrase", or, -excluded.'),
    limit: z.number().int().min(1).max(50).default(10).describe('Results to return, 1 to 50.'),
    job_ids: JobIdsSchema,
  })
  .meta({ id: 'LibrarySearchRequest' });

export const LibraryAskRequestSchema = z
  .strictObject({
    question: z.string().trim().min(1).max(1000),
    job_ids: JobIdsSchema,
  })
  .meta({ id: 'LibraryAskRequest' });

const timing = {
  job_id: z.string(),
  video_id: z.string(),
  title: z.string(),
  start: z.number().describe('Seconds from the start of the video'),
  end: z.number(),
  url: z.string().describe('The watch URL at the passage: &t=<start>s'),
  text: z.string().describe("The passage's transcript text"),
};

export const LibrarySearchResultSchema = z
  .object({ ...timing, score: z.number().describe('Reciprocal rank fusion of the full-text and semantic ranks; higher is better') })
  .meta({ id: 'LibrarySearchResult' });

export const LibrarySearchResponseSchema = z
  .object({ success: z.literal(true), results: z.array(LibrarySearchResultSchema).describe('Best first') })
  .meta({ id: 'LibrarySearchResponse' });

export const LibraryCitationSchema = z.object(timing).meta({ id: 'LibraryCitation' });

export const LibraryAskResponseSchema = z
  .object({
    success: z.literal(true),
    answer: z.string().describe('Markdown whose claims link their moments as [m:ss](url); "Not found in your videos." when the library does not cover the question'),
    citations: z.array(LibraryCitationSchema).describe('The passages the answer rests on; empty when not found'),
    generator: SummaryGeneratorSchema,
  })
  .meta({ id: 'LibraryAskResponse' });
