// Vitest setup (vitest.config.ts): every fast-check property of a file draws from one seed, chosen here and named
// whenever a test fails, so a failure is replayed with FC_SEED=<seed> (fast-check's own message, which also names
// the seed and shrink path, is lost when a property times out instead of failing).
import fc from "fast-check";
import { beforeEach } from "vitest";

const given = process.env.FC_SEED;
if (given !== undefined && !/^-?\d+$/.test(given)) throw new Error(`FC_SEED must be an integer (a seed a failure printed), got ${given}`);
const seed = given === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(given);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const replay = `fast-check seed of this file: ${seed} (replay: FC_SEED=${seed} npx vitest run ${task.file.name})`;
    for (const error of task.result?.errors ?? []) error.message = `${error.message}\n${replay}`;
    console.error(replay);
  });
});
