import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The published contracts of the channels and carriers are not part of the repository: they sit next to it
 * (../shared/contracts from the repository's root) unless CONTRACTS_DIR says where.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export function contractsDir(): string {
  return process.env.CONTRACTS_DIR ?? path.resolve(repoRoot, '../shared/contracts');
}

/** A file of the contracts, e.g. contractPath('ebay', 'sell_fulfillment_v1_oas3.json'). */
export function contractPath(...parts: string[]): string {
  return path.join(contractsDir(), ...parts);
}
