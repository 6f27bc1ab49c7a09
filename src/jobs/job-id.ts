/** Job ids are made where rows are made: here for submissions, in storage for a source batch's jobs. */
export { JOB_ID_PATTERN, newJobId } from '../lib/job-id';
