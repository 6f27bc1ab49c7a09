/** The library routes (docs/library.md): search and answers across the caller's completed jobs. */
import { AppError } from '../../../domain/errors';
import type { Library } from '../../../library/library';
import type { Citation } from '../../../library/ask';
import type { Db } from '../../../storage/database';
import { jobIdsNotOwned } from '../../../storage/repositories/library';
import { defineRoute, keyWith, type AnyRoute } from '../../route';
import { LIBRARY_ASK } from '../plan-gates';
import { LibraryAskRequestSchema, LibraryAskResponseSchema, LibrarySearchRequestSchema, LibrarySearchResponseSchema } from './schemas';

export interface LibraryRouteServices {
  db: Db;
  library: Library;
}

/** The caller's own job ids, or null for all; an id that is not theirs refuses the request as unknown. */
async function ownJobIds(db: Db, userId: string, jobIds: string[] | undefined): Promise<string[] | null> {
  if (!jobIds) return null;
  const foreign = await jobIdsNotOwned(db, userId, jobIds);
  if (foreign.length > 0) throw new AppError('NOT_FOUND', 'Job not found', { job_id: foreign[0] });
  return [...new Set(jobIds)];
}

const citationRecord = (citation: Citation) => ({
  job_id: citation.jobId,
  video_id: citation.videoId,
  title: citation.title,
  start: citation.start,
  end: citation.end,
  url: citation.url,
  text: citation.text,
});

export function libraryRoutes(services: LibraryRouteServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/library/search',
      summary: "Search the caller's completed jobs: passages best first",
      description: 'Full-text and semantic search over the passages of every completed job of the caller, fused by reciprocal rank.',
      auth: keyWith('read'),
      request: { body: LibrarySearchRequestSchema },
      responses: { 200: { description: 'The best passages', schema: LibrarySearchResponseSchema } },
      async handler({ body, principal }) {
        const jobIds = await ownJobIds(services.db, principal.userId, body.job_ids);
        const outcome = await services.library.search(principal.userId, { query: body.query, limit: body.limit, jobIds });
        return {
          body: {
            results: outcome.hits.map((hit) => ({ ...citationRecord(hit), score: hit.score })),
          },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/library/ask',
      summary: "Answer a question from the caller's completed jobs, with cited moments",
      description:
        'Retrieves the best passages, then answers from them alone: extractively with no model provider, else written by the model, every citation checked against the passages it was given. A question the library does not cover is answered "Not found in your videos." with no citations.',
      auth: keyWith('read'),
      feature: LIBRARY_ASK,
      request: { body: LibraryAskRequestSchema },
      responses: { 200: { description: 'The answer and its citations', schema: LibraryAskResponseSchema } },
      deadline: (standardMs) => Math.max(standardMs, 120_000),
      async handler({ body, principal }) {
        const jobIds = await ownJobIds(services.db, principal.userId, body.job_ids);
        const answer = await services.library.ask(principal.userId, { question: body.question, jobIds });
        return { body: { answer: answer.answer, citations: answer.citations.map(citationRecord), generator: answer.generator } };
      },
    }),
  ];
}
