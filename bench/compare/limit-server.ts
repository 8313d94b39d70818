import { countPgStatements, requiredEnv, runServerProcess } from './child-runtime';
import { ENV_LIMIT_FORM, ENV_LIMIT_PREPARED, type Form, FORM_STATEMENTS, FORMS } from './limit-forms-sql';
import { startWholeAnswerServer } from './server-sql-whole-answer';

/**
 * A server D that runs the form of its statements named by LIMIT_FORM, as named prepared statements
 * if LIMIT_PREPARED is 1, otherwise not (bench/compare/limit-forms.ts starts one per form).
 */
const statements = countPgStatements();

runServerProcess(() => {
  const form = requiredEnv(ENV_LIMIT_FORM);
  if (!(FORMS as readonly string[]).includes(form)) throw new Error(`${ENV_LIMIT_FORM} must be one of ${FORMS.join(', ')}, not ${form}`);
  return startWholeAnswerServer({ ...FORM_STATEMENTS[form as Form], prepared: process.env[ENV_LIMIT_PREPARED] === '1' });
}, statements);
