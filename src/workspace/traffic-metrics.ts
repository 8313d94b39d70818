import { Max, Min, IsInt } from 'class-validator';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { Column } from 'typeorm';
import { IsOmittable } from '../common/validation';
import { WorkspaceRow } from './workspace-record';
import { estimate, goal } from '../graphql/descriptions';

const MAX_INT = 2_147_483_647;

/**
 * The goal (g_) and estimate (e_) figures phases and contents carry (spec §2.7, §2.8); one
 * declaration serves both tables and both inputs.
 */
@ObjectType({ simpleResolvers: true })
export abstract class TrafficMetricsRow extends WorkspaceRow {
  @Field(() => Int, { description: goal('impressions') }) @Column({ type: 'integer', default: 0 }) gImpressions!: number;
  @Field(() => Int, { description: estimate('impressions') }) @Column({ type: 'integer', default: 0 }) eImpressions!: number;
  @Field(() => Int, { description: goal('video views') }) @Column({ type: 'integer', default: 0 }) gVideoViews!: number;
  @Field(() => Int, { description: estimate('video views') }) @Column({ type: 'integer', default: 0 }) eVideoViews!: number;
  @Field(() => Int, { description: goal('article views') }) @Column({ type: 'integer', default: 0 }) gArticleViews!: number;
  @Field(() => Int, { description: estimate('article views') }) @Column({ type: 'integer', default: 0 }) eArticleViews!: number;
  @Field(() => Int, { description: goal('traffic to site') }) @Column({ type: 'integer', default: 0 }) gTrafficToSite!: number;
  @Field(() => Int, { description: estimate('traffic to site') }) @Column({ type: 'integer', default: 0 }) eTrafficToSite!: number;
}

@InputType()
export abstract class TrafficMetricsInput {
  @Field(() => Int, { nullable: true, description: goal('impressions') }) @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT) gImpressions?: number;
  @Field(() => Int, { nullable: true, description: estimate('impressions') }) @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT) eImpressions?: number;
  @Field(() => Int, { nullable: true, description: goal('video views') }) @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT) gVideoViews?: number;
  @Field(() => Int, { nullable: true, description: estimate('video views') }) @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT) eVideoViews?: number;
  @Field(() => Int, { nullable: true, description: goal('article views') }) @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT) gArticleViews?: number;
  @Field(() => Int, { nullable: true, description: estimate('article views') }) @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT) eArticleViews?: number;
  @Field(() => Int, { nullable: true, description: goal('traffic to site') }) @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT) gTrafficToSite?: number;
  @Field(() => Int, { nullable: true, description: estimate('traffic to site') }) @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT) eTrafficToSite?: number;
}

/** The eight metrics' properties, which lists sum and average (`aggregates`). */
export const TRAFFIC_METRICS = ['gImpressions', 'eImpressions', 'gVideoViews', 'eVideoViews', 'gArticleViews', 'eArticleViews', 'gTrafficToSite', 'eTrafficToSite'] as const;

/** v2 names of the eight metrics, in the spec's order (§2.7, §2.8). */
export const TRAFFIC_METRIC_WIRE_NAMES = [
  'g_impressions',
  'e_impressions',
  'g_video_views',
  'e_video_views',
  'g_article_views',
  'e_article_views',
  'g_traffic_to_site',
  'e_traffic_to_site',
] as const;
