/** The OpenAI-compatible embedder against the fake provider's /v1/embeddings, in bounded batches. */
import { createOpenAiEmbedder } from '../../src/library/embeddings/openai-embedder';
import { startFakeLlm, type FakeLlm } from '../fake-llm/server';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm?.close());

it('embeds texts as unit vectors in order, 64 texts a request, with the key and model', async () => {
  const embedder = createOpenAiEmbedder({ baseUrl: llm.baseUrlFor('openai'), model: 'text-embedding-3-small', apiKey: 'sk-test', timeoutMs: 5000 });
  const texts = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? `sourdough starter feeding ${i}` : `marathon training plan ${i}`));
  const vectors = await embedder.embed(texts);
  expect(vectors).toHaveLength(100);
  for (const vector of vectors) expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
  const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);
  expect(dot(vectors[0]!, vectors[2]!)).toBeGreaterThan(dot(vectors[0]!, vectors[1]!));
  const requests = llm.requests.filter((request) => request.path === '/v1/embeddings');
  expect(requests.map((request) => request.body.input.length)).toEqual([64, 36]);
  expect(requests[0]!.body.model).toBe('text-embedding-3-small');
  expect(requests[0]!.headers.authorization).toBe('Bearer sk-test');
});
