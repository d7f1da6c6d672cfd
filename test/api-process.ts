/**
 * A Dakiya server as a separate process (without pages), for tests that need a real one to kill or
 * stop (crash and drain tests) or two of them over one database: the same start-up as `npm start`.
 * Prints "listening <port>" when ready.
 */
import { startServer, stopOnSignals } from "../server/http/main";

const server = await startServer({ pages: false });
stopOnSignals(server);
console.log(`listening ${server.port}`);
