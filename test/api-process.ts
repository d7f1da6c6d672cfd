/**
 * A Dakiya server as a separate process, for tests that need a real one to kill or stop (crash and
 * drain tests) or two of them over one database: the same start-up as `npm start`. Without pages,
 * unless DAKIYA_TEST_PAGES=1 asks for the console's pages from the production build (`npm run build`).
 * Prints "listening <port>" when ready.
 */
import { startServer, stopOnSignals } from "../server/http/main";

const server = await startServer({ pages: process.env.DAKIYA_TEST_PAGES === "1" ? { dev: false } : false });
stopOnSignals(server);
console.log(`listening ${server.port}`);
