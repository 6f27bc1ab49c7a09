/** What model-written summaries used, in tokens and in money at the operator's prices. */
import type { ModelTokenFigures } from '../storage/repositories/usage-reports';
import { round } from './rounding';

/** LLM_PRICES: USD per million input and output tokens, by model. */
export type ModelPriceTable = Record<string, { input: number; output: number }>;

function costOf(figure: ModelTokenFigures, prices: ModelPriceTable): number | null {
  const price = prices[figure.model];
  return price ? round((figure.inputTokens * price.input + figure.outputTokens * price.output) / 1_000_000, 6) : null;
}

/** Token totals of model-written summaries and their cost at LLM_PRICES (null where a model has no price). */
export function modelUsage(figures: ModelTokenFigures[], prices: ModelPriceTable) {
  const byModel = figures.map((figure) => ({
    model: figure.model,
    summaries: figure.summaries,
    input_tokens: figure.inputTokens,
    output_tokens: figure.outputTokens,
    estimated_cost_usd: costOf(figure, prices),
  }));
  const costs = byModel.flatMap((entry) => (entry.estimated_cost_usd === null ? [] : [entry.estimated_cost_usd]));
  return {
    input_tokens: byModel.reduce((sum, entry) => sum + entry.input_tokens, 0),
    output_tokens: byModel.reduce((sum, entry) => sum + entry.output_tokens, 0),
    // 0 when no model was used; null when none of the models used has a price.
    estimated_cost_usd: byModel.length === 0 ? 0 : costs.length === 0 ? null : round(costs.reduce((sum, cost) => sum + cost, 0), 6),
    unpriced_models: byModel.filter((entry) => entry.estimated_cost_usd === null).map((entry) => entry.model),
    by_model: byModel,
  };
}
