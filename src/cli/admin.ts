import 'reflect-metadata';
import { Command, CommanderError } from 'commander';
import type { Logger } from 'pino';
import type { IssuedApiKey } from '../api-keys/api-key.service';
import { ErrorCode } from '../common/error-codes';
import { DomainError, ValidationFailedError } from '../common/errors';
import { parseId } from '../common/ids';
import { SCOPE_GROUPS } from '../common/scopes';
import { ConfigError, loadConfig } from '../config/config';
import { openDatabase } from '../db/database';
import { transientFailureOf } from '../db/transient-failure';
import { createLogger } from '../logging/logger';
import { operatorContext } from '../common/request-context';
import { PublisherProfileInput, PublisherTitleInput } from '../publisher-profiles/publisher-profile.input';
import { toPublisherProfileRecord } from '../publisher-profiles/publisher-profile.record';
import { createServices, type Services } from '../app/services';
import { webhookDeps } from '../webhooks/webhook-deps';
import { cliExitCodeOf } from './exit-code';
import { durationMs, expiryOf, scopeList } from './key-options';
import { seedDemo } from './seed-demo';

/** A new key as printed: the key itself, this once. */
function issuedLine(issued: IssuedApiKey): Record<string, unknown> {
  return { id: issued.id, key: issued.key, prefix: issued.prefix, organization_code: issued.organizationCode, scopes: issued.scopes, expires_at: issued.expiresAt };
}

/** The CLI's contract is its stdout: one JSON line per result. Logs go to stderr, warnings only. */
function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

class CliError extends Error {}

function reason(error: unknown): string {
  if (error instanceof ValidationFailedError) {
    return Object.entries(error.fieldErrors)
      // Named as the options are spelled (`contactEmail` → `contact-email`).
      .map(([field, messages]) => `${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${messages.join(', ')}`)
      .join('; ');
  }
  if (error instanceof ConfigError) return error.problems.join('; ');
  if (error instanceof DomainError || error instanceof CliError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The exit status of a failed command, from the error catalogue (cliExitCodeOf): a domain refusal
 * by its code, an unreachable database or a statement timeout by theirs (75: retry later), a bad
 * option or configuration as BAD_USER_INPUT, anything else as INTERNAL_SERVER_ERROR. Usage errors
 * are 2 (below).
 */
function exitCodeOf(error: unknown): number {
  if (error instanceof DomainError) return cliExitCodeOf(error.code);
  if (error instanceof CliError || error instanceof ConfigError) return cliExitCodeOf(ErrorCode.BAD_USER_INPUT);
  return cliExitCodeOf(transientFailureOf(error)?.code ?? ErrorCode.INTERNAL_SERVER_ERROR);
}

async function withServices<T>(run: (services: Services) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const logger: Logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
  const database = await openDatabase(config, logger);
  // Events the CLI records are delivered by the workers, through the outbox: no queue is opened here.
  const webhooks = await webhookDeps({ ...config, worker: false }, database, logger);
  try {
    return await run(createServices(database.dataSource, webhooks));
  } finally {
    await webhooks.queue.stop();
    await database.close();
  }
}

interface PublisherCreateOptions {
  org: string;
  name: string;
  website?: string;
  country?: string;
  status: string;
  description?: string;
  contactEmail?: string;
  title: string[];
}

/** Options as given; the service's rules judge them (an unknown status or country is refused there). */
function publisherInput(options: PublisherCreateOptions): PublisherProfileInput {
  const { org: _org, title, ...fields } = options;
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return Object.assign(new PublisherProfileInput(), defined, { titles: title.map((name) => Object.assign(new PublisherTitleInput(), { name })) });
}

function program(): Command {
  const cli = new Command('admin')
    .description('Operator commands for the campaign partner API (workspaces, API keys, demo data).')
    .exitOverride()
    .showHelpAfterError(false);

  cli
    .command('org:create')
    .description('Create a workspace (organisation).')
    .requiredOption('--name <name>', 'display name')
    .option('--code <code>', 'organization_code (generated from the name when omitted)')
    .action(async ({ name, code }: { name: string; code?: string }) => {
      const organisation = await withServices((services) => services.organisations.create(name, code));
      print({ id: organisation.id, organization_code: organisation.organizationCode, name: organisation.name });
    });

  cli
    .command('key:create')
    .description('Issue an API key for a workspace; the key is printed this once only.')
    .requiredOption('--org <organization_code>', 'workspace code')
    .option('--label <text>', 'what the key is for')
    .option('--scopes <list>', `what the key may do, comma-separated: * (everything, the default) or <group>:read|write, group one of ${SCOPE_GROUPS.join(', ')}`)
    .option('--expires-at <time>', 'when the key stops working (ISO 8601 with its zone)')
    .option('--expires-in <duration>', 'how long the key works (90d, 12h, 30m)')
    .action(async (options: { org: string; label?: string; scopes?: string; expiresAt?: string; expiresIn?: string }) => {
      const expiresAt = expiryOf(options);
      if (typeof expiresAt === 'string') throw new CliError(expiresAt);
      const scopes = options.scopes === undefined ? undefined : scopeList(options.scopes);
      const issued = await withServices(async (services) => services.apiKeys.issue(await services.organisations.findByCode(options.org), { label: options.label, scopes, expiresAt }));
      print(issuedLine(issued));
    });

  cli
    .command('key:list')
    .description('List the keys of a workspace (prefixes only; keys are never shown again).')
    .requiredOption('--org <organization_code>', 'workspace code')
    .action(async ({ org }: { org: string }) => {
      const keys = await withServices(async (services) => services.apiKeys.list(await services.organisations.findByCode(org)));
      for (const key of keys) {
        print({ id: key.id, prefix: key.prefix, label: key.label, scopes: key.scopes, created_at: key.createdAt, last_used_at: key.lastUsedAt, expires_at: key.expiresAt, revoked_at: key.revokedAt });
      }
    });

  cli
    .command('key:rotate')
    .description('Issue a new key with the same workspace, label and scopes, and let the old one expire after an overlap.')
    .requiredOption('--id <id>', 'the old key\'s id (from key:list)')
    .option('--overlap <duration>', 'how long the old key keeps working (24h, 30m; 0 for not at all)', '24h')
    .option('--expires-at <time>', 'when the new key stops working (ISO 8601 with its zone; default: never)')
    .option('--expires-in <duration>', 'how long the new key works (90d, 12h)')
    .action(async (options: { id: string; overlap: string; expiresAt?: string; expiresIn?: string }) => {
      const keyId = parseId(options.id);
      if (keyId === null) throw new CliError(`--id must be a positive integer, got "${options.id}"`);
      const overlap = durationMs(options.overlap);
      if (overlap === null) throw new CliError(`--overlap must be a duration such as 24h or 30m, or 0, got "${options.overlap}"`);
      const expiresAt = expiryOf(options);
      if (typeof expiresAt === 'string') throw new CliError(expiresAt);
      const { issued, previous } = await withServices((services) => services.apiKeys.rotate(keyId, overlap, expiresAt ?? null));
      print({ ...issuedLine(issued), replaces: { id: previous.id, prefix: previous.prefix, expires_at: previous.expiresAt } });
    });

  cli
    .command('key:revoke')
    .description('Revoke a key; requests with it are refused from now on.')
    .requiredOption('--id <id>', 'key id (from key:list)')
    .action(async ({ id }: { id: string }) => {
      const keyId = parseId(id);
      if (keyId === null) throw new CliError(`--id must be a positive integer, got "${id}"`);
      const key = await withServices((services) => services.apiKeys.revoke(keyId));
      print({ id: key.id, prefix: key.prefix, revoked_at: key.revokedAt });
    });

  cli
    .command('publisher:create')
    .description('Create a publisher profile, with its titles, in a workspace (partners can read and delete them, not create them).')
    .requiredOption('--org <organization_code>', 'workspace code')
    .requiredOption('--name <name>', 'publisher name')
    .option('--website <url>', 'home page (http or https)')
    .option('--country <code>', 'ISO 3166-1 alpha-2 country code')
    .option('--status <status>', 'active or inactive', 'active')
    .option('--description <text>', 'what the publisher is')
    .option('--contact-email <email>', 'where to reach the publisher')
    .option('--title <name>', 'a title of the publisher (repeat for several)', (value: string, previous: string[]) => [...previous, value], [] as string[])
    .action(async (options: PublisherCreateOptions) => {
      const record = await withServices(async (services) => {
        const organisation = await services.organisations.findByCode(options.org);
        const ctx = operatorContext(organisation.id, organisation.organizationCode, 'cli:publisher:create');
        const { profile, titles } = await services.publisherProfiles.create(ctx, publisherInput(options));
        return toPublisherProfileRecord(profile, titles, ctx);
      });
      print(record);
    });

  cli
    .command('seed:demo')
    .description('Create a demo workspace (accounts, campaigns, phases, contents, distributions) and print an API key for it.')
    .option('--campaigns <n>', 'how many campaigns, each with 3 phases × 4 contents × 2 distributions', '50')
    .action(async ({ campaigns }: { campaigns: string }) => {
      const count = Number(campaigns);
      if (!/^\d+$/.test(campaigns) || count < 1 || count > 1000) throw new CliError(`--campaigns must be an integer from 1 to 1000, got "${campaigns}"`);
      // Stdout stays the one JSON line; the wait (half a minute at the default size) is narrated on stderr.
      const progress = (message: string): void => void process.stderr.write(`seed:demo: ${message}\n`);
      progress('opening the database');
      const started = Date.now();
      const result = await withServices((services) => seedDemo(services, count, progress));
      progress(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      print(result);
    });

  return cli;
}

program()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    // Commander has already written its one-line usage error (or the help) to stderr.
    if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
    process.stderr.write(`${reason(error)}\n`);
    process.exit(exitCodeOf(error));
  });
