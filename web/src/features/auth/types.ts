import type { PlanFlags } from '../../lib/plan.ts';

export interface CompanySetting {
  key: string;
  value: string;
}

export interface SessionPlan extends PlanFlags {
  id?: number;
  name?: string;
}

export interface SessionCompany {
  id: number;
  name: string;
  dueDate?: string | null;
  plan?: SessionPlan | null;
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
}

export interface LoginCredentials {
  email: string;
  password: string;
}

export interface LoginAnswer {
  token: string;
  user: SessionUser;
}
