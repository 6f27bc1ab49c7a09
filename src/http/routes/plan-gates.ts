/** The plan-gated features whole routes belong to (domain/plans.ts decides which plans have them). */
import type { RouteFeature } from '../route';

export const BATCH_PROCESSING: RouteFeature = { name: 'batch', description: 'Batch processing' };

export const PDF_EXPORT: RouteFeature = { name: 'pdf_export', description: 'PDF export' };
