import type { RuleObject } from 'antd/es/form';

/** An antd rule: the confirmation must equal the field `field` ("New password input is inconsistent"). */
export function sameAs(field: string, message: () => string) {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): RuleObject => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(field)) throw new Error(message());
    },
  });
}
