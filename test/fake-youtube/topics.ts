/**
 * Subject matter for synthesised talks. Each topic has sections of concrete statements, so a
 * summary built from a generated transcript has real content to find, plus terms that the
 * connective sentences weave in. The topics themselves are data, in topics.json.
 */
import topics from './topics.json';

export interface TopicSection {
  heading: string;
  facts: readonly string[];
}

export interface Topic {
  key: string;
  /** Noun phrase for "today we're talking about ..." */
  subject: string;
  titles: readonly string[];
  channels: readonly string[];
  category: string;
  terms: readonly string[];
  sections: readonly TopicSection[];
}

export const TOPICS: readonly Topic[] = topics;
