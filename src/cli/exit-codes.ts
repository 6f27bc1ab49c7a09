/** The command line's exit codes; `cli --help` lists them for people and scripts. */
export const EXIT = {
  OK: 0,
  /** The service refused the request (its code and message are on stderr), or anything else went wrong. */
  FAILED: 1,
  /** With --wait: the job failed, or the batch ended with failed jobs. */
  ENDED_IN_FAILURE: 2,
  /** Bad arguments (sysexits' EX_USAGE). */
  USAGE: 64,
  /** The service could not be reached (sysexits' EX_UNAVAILABLE). */
  UNAVAILABLE: 69,
  /** Ctrl-C while waiting (128 + SIGINT); the job itself goes on. */
  INTERRUPTED: 130,
} as const;

export const EXIT_CODES_HELP = `Exit codes:
  0    done (with --wait: the job completed, or every job of the batch did)
  1    the service refused the request (its error code and message are on stderr), or another error
  2    with --wait: the job failed, or the batch ended partial_failure or failed
  64   usage error: unknown command or option, missing or invalid argument
  69   the service could not be reached
  130  interrupted (Ctrl-C) while waiting; the job or batch keeps running`;
