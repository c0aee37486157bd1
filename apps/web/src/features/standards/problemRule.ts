import type { FormInstance } from 'antd';
import { i18n } from '../../shared/i18n/index.ts';
import { registerMessages } from '../../shared/i18n/messages.ts';
import { problemAt, type FieldPath, type FieldProblem } from './formIssues.ts';

// Problems are `messages` keys; the forms of this feature are their users.
registerMessages();

export const problemText = (problem: FieldProblem) =>
  i18n.t(problem.key, { ns: 'messages', ...problem.params });

/**
 * An antd rule for the field at `path`: the whole form is checked with the contract schema (through
 * `problemsOf`) and the problem the schema puts on this field is shown, so cross-field rules and
 * their messages are the server's.
 */
export function problemRule<V>(
  form: FormInstance<V>,
  problemsOf: (values: V) => Map<string, FieldProblem>,
  path: FieldPath,
) {
  return {
    validator: async (): Promise<void> => {
      const problem = problemAt(problemsOf(form.getFieldsValue(true) as V), path);
      if (problem) throw new Error(problemText(problem));
    },
  };
}

export type ProblemRule = ReturnType<typeof problemRule>;
