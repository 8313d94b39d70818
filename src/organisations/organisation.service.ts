import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { NotFoundError, ValidationFailedError } from '../common/errors';
import type { RequestContext } from '../common/request-context';
import { Organisation } from './organisation.entity';

const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,63}$/;

/** Workspaces are created by operators (the admin CLI), never through the partner API. */
export class OrganisationService {
  constructor(private readonly dataSource: DataSource) {}

  async create(name: string, code?: string): Promise<Organisation> {
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 255) throw ValidationFailedError.single('name', 'must be 1 to 255 characters');
    const organizationCode = code ?? generateCode(trimmed);
    if (!CODE_PATTERN.test(organizationCode)) {
      throw ValidationFailedError.single('code', 'must be 2 to 64 letters, digits, "-" or "_", starting with a letter or digit');
    }
    if (await this.dataSource.manager.existsBy(Organisation, { organizationCode })) {
      throw ValidationFailedError.single('code', `"${organizationCode}" is already taken`);
    }
    const inserted = await this.dataSource.manager.insert(Organisation, { name: trimmed, organizationCode });
    return this.dataSource.manager.findOneByOrFail(Organisation, { id: inserted.identifiers[0].id as number });
  }

  async findByCode(organizationCode: string): Promise<Organisation> {
    const organisation = await this.dataSource.manager.findOneBy(Organisation, { organizationCode });
    if (!organisation) throw new NotFoundError('Organisation');
    return organisation;
  }

  async current(ctx: RequestContext): Promise<Organisation> {
    return this.dataSource.manager.findOneByOrFail(Organisation, { id: ctx.organisationId });
  }
}

/** A readable slug of the name plus a random tail, so two workspaces with one name still differ. */
function generateCode(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${slug || 'org'}-${randomBytes(4).toString('hex')}`;
}
