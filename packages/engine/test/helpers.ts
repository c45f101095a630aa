// Shared helpers for the engine's tests: where the real data lives.
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/** The repository root (tests run from packages/engine/dist/test). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The read-only data root: QUARTIER_DATA, else ../shared/data beside the repository. */
export const dataRoot = process.env.QUARTIER_DATA ?? path.resolve(repoRoot, '../shared/data');
