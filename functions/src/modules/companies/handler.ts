import * as z from 'zod';
import {
  companyCreateInputSchema,
  companyListQuerySchema,
  companyUpdateInputSchema,
  signupInputSchema,
} from '@atende/shared/entities/company';
import { companySchedulesUpdateInputSchema } from '@atende/shared/entities/company-schedule';
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { callerAddress } from '../auth/attempts.ts';
import {
  addCompany,
  allCompanies,
  changeCompany,
  companiesPage,
  companyForReader,
  companyWithPlan,
  removeCompany,
  setOpeningHours,
  signUp,
} from './company-service.ts';

const companyIdPath = z.object({ companyId: z.coerce.number().int().positive() });

/**
 * /api/companies: the public sign-up, super users' company administration, a company's own
 * opening hours and its plan. The work is in company-service.ts; these routes parse and answer.
 */
export const handler = restModule([
  route({
    method: 'POST',
    path: '/companies/cadastro',
    access: 'public',
    body: signupInputSchema,
    handler: async (request) => new HttpAnswer(201, await signUp(request.body, callerAddress(request))),
  }),
  route({
    method: 'GET',
    path: '/companies',
    access: 'super',
    query: companyListQuerySchema,
    handler: ({ query }) => companiesPage(query),
  }),
  route({
    method: 'GET',
    path: '/companies/list',
    access: 'super',
    handler: () => allCompanies(),
  }),
  route({
    method: 'GET',
    path: '/companies/listPlan/{companyId}',
    access: 'user',
    allowBlockedCompany: true,
    params: companyIdPath,
    handler: ({ principal, params }) => companyWithPlan(principal, params.companyId),
  }),
  route({
    ...onRecord('GET', '/companies/{id}', 'user'),
    allowBlockedCompany: true,
    handler: ({ principal, params }) => companyForReader(principal, params.id),
  }),
  route({
    method: 'POST',
    path: '/companies',
    access: 'super',
    body: companyCreateInputSchema.extend({ password: z.string().min(5).max(50).optional() }),
    handler: async ({ body }) => new HttpAnswer(201, await addCompany(body)),
  }),
  route({
    ...onRecord('PUT', '/companies/{id}', 'super'),
    body: companyUpdateInputSchema,
    handler: ({ params, body }) => changeCompany(params.id, body),
  }),
  route({
    ...onRecord('PUT', '/companies/{id}/schedules', 'admin'),
    body: companySchedulesUpdateInputSchema,
    handler: ({ principal, params, body }) => setOpeningHours(principal, params.id, body.schedules),
  }),
  route({
    ...onRecord('DELETE', '/companies/{id}', 'super'),
    handler: async ({ params }) => {
      await removeCompany(params.id);
      return new HttpAnswer(202);
    },
  }),
]);
