import * as z from 'zod';
import { es } from 'zod/locales';

/**
 * A check without a message of the spec's own (most say Requerido, muy corto…) would show zod's
 * English default ("Too small: expected number to be >0") in a Spanish screen: zod's Spanish
 * texts stand in for those.
 */
z.config(es());
