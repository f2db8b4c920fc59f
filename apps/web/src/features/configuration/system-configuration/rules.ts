import type { FormRule } from 'antd';
import type { z } from 'zod';

/** A form rule that runs the contract's own schema, so the form refuses exactly what the server would. */
export function schemaRule(schema: z.ZodType, message: string): FormRule {
  return {
    validator: (_, value: unknown) =>
      value === undefined || value === '' || schema.safeParse(value).success
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

export const maxRule = (max: number, message: string): FormRule => ({ max, message });
