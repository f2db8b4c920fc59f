import type { Plugin } from 'vite';

export const ROOT: string;
export const STAMP_FILE: string;
export const INPUTS: readonly string[];
export function sourceHash(): string;
export function stampedHash(dist: string): string | undefined;
export function writeStamp(dist: string, hash: string): void;
export function buildStamp(): Plugin;
