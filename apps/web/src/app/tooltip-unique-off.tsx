import type { ReactNode } from 'react';

/**
 * Stands in for antd's tooltip `UniqueProvider` in the ConfigProvider (vite.config.ts): the provider wraps
 * the app in it only when `tooltip.unique` is configured, which the product never does, yet importing it
 * puts the popup engine (about 7 KB gzipped) in the first chunk. Tooltips themselves are untouched.
 */
export default function UniqueProvider({ children }: { children?: ReactNode }) {
  return children;
}
