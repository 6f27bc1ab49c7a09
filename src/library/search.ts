/**
 * Searching a user's library (docs/library.md#search): full-text matches and nearest embeddings,
 * each taken a little deeper than asked, fused by reciprocal rank. With no embedder, or no
 * embeddings yet, the lexical list alone decides.
 */
import { canonicalWatchUrl } from '../domain/video-url';
import type { Db } from '../storage/database';
import { lexicalMatches, passagesByIds, userSearchConfigs, type StoredPassage } from '../storage/repositories/library';
import type { Embedder } from './embeddings';
import { DEFAULT_FUSION, fuseByReciprocalRank, type FusionSettings, type RankedList } from './fusion';
import type { SemanticIndex } from './semantic-index';

export type SearchMode = 'fused' | 'lexical' | 'semantic';

export interface SearchRequest {
  query: string;
  limit: number;
  /** Only these jobs' passages (already checked to be the user's); null for all. */
  jobIds: readonly string[] | null;
  mode?: SearchMode;
}

export interface LibraryHit extends StoredPassage {
  url: string;
  score: number;
}

export interface SearchOutcome {
  hits: LibraryHit[];
  /** Cosine of the best passage by embedding, null without semantic search: what "covered" is judged by. */
  bestSimilarity: number | null;
  /** The best full-text rank (ts_rank_cd, normalised by length), null when nothing matched. */
  bestLexicalRank: number | null;
}

export interface LibrarySearch {
  search(userId: string, request: SearchRequest): Promise<SearchOutcome>;
  readonly semanticEngine: SemanticIndex['engine'] | null;
}

export interface LibrarySearchDeps {
  db: Db;
  embedder: Embedder | null;
  semantic: SemanticIndex | null;
  fusion?: FusionSettings;
}

/** How deep each list is read before fusing: a passage ranked low by one may be high in the other. */
const candidatesFor = (limit: number) => Math.max(30, limit * 3);

export function watchUrlAt(videoId: string, start: number): string {
  return `${canonicalWatchUrl(videoId)}&t=${Math.floor(start)}s`;
}

export function createLibrarySearch(deps: LibrarySearchDeps): LibrarySearch {
  const fusion = deps.fusion ?? DEFAULT_FUSION;
  const semanticOn = deps.embedder !== null && deps.semantic !== null;
  return {
    semanticEngine: semanticOn ? deps.semantic!.engine : null,
    async search(userId, request) {
      const mode = request.mode ?? 'fused';
      const depth = candidatesFor(request.limit);
      const [lexical, semantic] = await Promise.all([
        mode === 'semantic' ? [] : userSearchConfigs(deps.db, userId).then((configs) => lexicalMatches(deps.db, userId, request.query, configs, request.jobIds, depth)),
        mode === 'lexical' || !semanticOn
          ? []
          : deps.embedder!.embed([request.query]).then(([vector]) => deps.semantic!.nearest(userId, vector!, depth, request.jobIds)),
      ]);
      const lists: RankedList[] = [
        { ids: lexical.map((hit) => hit.id), weight: fusion.lexicalWeight },
        { ids: semantic.map((hit) => hit.id), weight: fusion.semanticWeight },
      ];
      const fused = fuseByReciprocalRank(lists, fusion.k).slice(0, request.limit);
      const passages = await passagesByIds(deps.db, userId, fused.map((hit) => hit.id));
      const scoreOf = new Map(fused.map((hit) => [hit.id, hit.score]));
      return {
        hits: passages.map((passage) => ({ ...passage, url: watchUrlAt(passage.videoId, passage.start), score: round(scoreOf.get(passage.id) ?? 0) })),
        bestSimilarity: semantic[0]?.similarity ?? null,
        bestLexicalRank: lexical[0]?.rank ?? null,
      };
    },
  };
}

function round(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}
