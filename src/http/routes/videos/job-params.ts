import { z } from 'zod';
import { JOB_ID_PATTERN } from '../../../jobs/job-id';

export const JobIdParams = z.object({ job_id: z.string().regex(JOB_ID_PATTERN) });
