import type { Language } from '@atende/shared/language';
import type { PlanFlags } from '../../lib/plan.ts';

export interface CompanySetting {
  key: string;
  value: string;
}

/** The company's plan as the session carries it: limits, price and the feature flags. */
export interface SessionPlan extends PlanFlags {
  id?: number;
  name?: string;
  users?: number;
  connections?: number;
  queues?: number;
  value?: number;
}

export interface SessionCompany {
  id: number;
  name: string;
  /** yyyy-MM-dd, or null for companies without one (super-admin companies). */
  dueDate?: string | null;
  planId?: number | null;
  /** false: switched off by the platform; such a company may only pay. */
  status?: boolean | null;
  recurrence?: string | null;
  trialExpiration?: string | null;
  email?: string | null;
  plan?: SessionPlan | null;
  /** Mirrors the `campaignsEnabled` setting. */
  campaignsEnabled?: boolean | null;
  settings?: CompanySetting[];
}

/** The signed-in user as `POST /auth/login` and `GET /auth/me` answer it (core §3 User). */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  profile: string;
  companyId: number;
  company?: SessionCompany | null;
  super?: boolean;
  queues?: { id: number; name: string; color?: string }[];
  whatsappId?: number | null;
  allTicket?: 'enabled' | 'desabled' | string;
  online?: boolean;
  /** The UI language the user chose (docs/i18n.md); null or absent: the browser's. */
  language?: Language | null;
  createdAt?: string;
  updatedAt?: string;
}

export interface LoginCredentials {
  email: string;
  password: string;
}

export interface LoginAnswer {
  token: string;
  user: SessionUser;
}
