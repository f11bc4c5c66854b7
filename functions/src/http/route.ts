import type * as z from 'zod';
import type { PlanFlag } from '@atende/shared/entities/plan';
import { idPathSchema } from '@atende/shared/fields';
import type { Principal } from '#auth/principal';
import type { ApiRequest, HttpAnswer } from './types.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone, any signed-in user, company admins (and super users), or super
 * users only. Enforced on the server for every route, whatever the SPA shows.
 */
export type Access = 'public' | 'user' | 'admin' | 'super';

type CallerFor<A extends Access> = A extends 'public' ? Principal | undefined : Principal;
type Input<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteDefinition<
  A extends Access = Access,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: Method;
  /** Path as the spec writes it, without /api: `/tickets/{ticketId}`. */
  path: string;
  access: A;
  /** The plan flag that must be on for the caller's company. */
  feature?: PlanFlag;
  /** Reachable while the company's subscription is overdue or off (sign-in, paying, own profile). */
  allowBlockedCompany?: boolean;
  /**
   * The largest request body this route reads, in bytes (default: defaultMaxBodyBytes, 256 KiB);
   * a bigger one is answered 413 ERR_PAYLOAD_TOO_LARGE before it is parsed. Multipart uploads
   * keep their own file caps (rest-module.ts).
   */
  maxBodyBytes?: number;
  /**
   * The route takes multipart/form-data (file uploads): only then is such a body parsed (busboy);
   * on any other route it stays unparsed and the body schema refuses it.
   */
  multipart?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  handler: (request: ApiRequest<Input<P>, Input<Q>, Input<B>, CallerFor<A>>) => Promise<unknown | HttpAnswer>;
}

/** Declares a route with its input schemas; the types of the handler's request follow from them. */
export function route<
  A extends Access,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(definition: RouteDefinition<A, P, Q, B>): RouteDefinition {
  return definition as unknown as RouteDefinition;
}

/**
 * The head of a route on one record: `method`, `path` (with `{id}`), `access`, and the `id` path
 * parameter (idPathSchema). `route({ ...onRecord('GET', '/tags/{id}', 'user'), handler })`.
 */
export function onRecord<A extends Access>(method: Method, path: `${string}/{id}${string}`, access: A) {
  return { method, path, access, params: idPathSchema };
}
