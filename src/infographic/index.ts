/** Infographics: one portrait PNG per job that shows the video at a glance. */
export {
  infographicDataFrom,
  READING_WORDS_PER_MINUTE,
  type InfographicData,
  type InfographicSection,
  type InfographicSource,
} from './infographic-data';
export { renderInfographic, type RenderedInfographic, type RenderTimings } from './render-infographic';
export { createInfographicRenderer, type InfographicRenderer, type InfographicRendererOptions } from './infographic-pool';
