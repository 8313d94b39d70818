import { Field, ObjectType } from 'type-graphql';
import { Node } from '../graphql/node';
import { Column, Entity, Index } from 'typeorm';
import { WorkspaceRecord } from '../workspace/workspace-record';

/**
 * A webhook service (spec §2.11): how deliveries authenticate to a partner's receivers. With
 * client credentials, each delivery carries a bearer token fetched from `authUrl`.
 */
@ObjectType('WebhookService', { simpleResolvers: true, implements: Node, description: "How deliveries authenticate to the partner's receivers (OAuth 2.0 client credentials), shared by webhooks." })
@Entity('webhook_services')
@Index(['organisationId', 'id'])
@Index('UQ_webhook_services_default', ['organisationId'], { unique: true, where: '"is_default" AND "deleted_at" IS NULL' })
export class WebhookServiceConfig extends WorkspaceRecord {
  @Field({ description: 'Name of the service, at most 255 characters.' })
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Field(() => String, { nullable: true, description: 'OAuth 2.0 client id; null when deliveries carry no token.' })
  @Column({ type: 'varchar', length: 255, nullable: true })
  clientId!: string | null;

  /** AES-256-GCM sealed (see secret-box.ts); never returned. */
  @Column({ type: 'text', nullable: true })
  clientSecretSealed!: string | null;

  @Field(() => String, { nullable: true, description: 'OAuth 2.0 token endpoint (client-credentials grant).' })
  @Column({ type: 'text', nullable: true })
  authUrl!: string | null;

  @Field({ description: 'Webhooks created without a service use the default one.' })
  @Column({ type: 'boolean', default: false })
  isDefault!: boolean;

  @Field({ description: 'Whether a client secret is stored (it is never shown).' })
  get hasClientSecret(): boolean {
    return this.clientSecretSealed !== null;
  }
}
