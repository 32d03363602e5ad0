import { isDatabaseUnavailable } from "./http/db-unavailable";

type Log = { warn(obj: object, msg: string): void; fatal(obj: object, msg: string): void };

/**
 * The API server's answer to a promise rejected with nobody listening. A library's background
 * statement that meets a database restart or failover (pg-boss's cron worker marks its jobs done
 * without awaiting it) is logged and the server goes on: the pool reconnects and the work runs
 * again. Anything else is a bug, and the process ends as Node's default would end it, with the
 * error in the log.
 */
export function unhandledRejection(log: Log, exit: (code: number) => void) {
  return (reason: unknown) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn({ err: reason }, "a background statement failed while the database was out of reach; going on");
      return;
    }
    log.fatal({ err: reason }, "unhandled rejection");
    exit(1);
  };
}
