import * as z from 'zod';
import { languages } from './language.ts';

/** A language in an input (docs/i18n.md): one of the three, exactly as written. */
export const languageSchema = z.enum(languages);
