import { z } from 'zod';
import { lazy } from './lazy';
import { telcoField } from '../telco';
import { e164 } from './common';

/** `POST /utils/buy-…-number` (field notes: unknown fields rejected). Rents a number: costs money. */
export const buyNumberRequestSchema = lazy(() =>
	z
		.object({
			number: e164,
			agentId: z.string().min(1).optional(),
			capabilities: z
				.array(z.enum(['voice', 'sms']))
				.min(1, 'must list at least one capability')
				.optional(),
		})
		.strict(),
);

/** `POST /utils/import-…-number` (field notes: all four provider fields required, unknown fields rejected). */
export const importNumberRequestSchema = lazy(() =>
	z
		.object({
			[telcoField('Number')]: z
				.string()
				.startsWith('+', 'must start with + (E.164)')
				.min(10, 'must be at least 10 characters (+ and the full number)'),
			[telcoField('AccountSid')]: z.string().min(1, 'is required'),
			[telcoField('AccountAuthToken')]: z.string().min(1, 'is required'),
			[telcoField('CallerId')]: z.string().min(1, 'is required'),
			workspaceId: z.string().min(1).optional(),
			agentId: z.string().min(1).optional(),
		})
		.strict(),
);

export const IMPORT_SECRET_FIELDS = [telcoField('AccountAuthToken')] as const;

/**
 * Release, repair (check-number) and assign (sync-sms) have no published schema; public clients
 * send `phoneNumber` or `phoneNumberSid` (plus `agentId` for sync-sms). Other fields pass through.
 */
const numberReference = lazy(() =>
	z
		.object({
			phoneNumber: e164.optional(),
			phoneNumberSid: z.string().min(1).optional(),
			agentId: z.string().min(1).optional(),
		})
		.passthrough(),
);

const needsNumber = (body: { phoneNumber?: string; phoneNumberSid?: string }) =>
	!!body.phoneNumber || !!body.phoneNumberSid;
const NEEDS_NUMBER = {
	message: 'phoneNumber or phoneNumberSid is required',
	path: ['phoneNumber'],
};

export const releaseNumberRequestSchema = lazy(() =>
	numberReference.refine(needsNumber, NEEDS_NUMBER),
);
export const repairNumberRequestSchema = lazy(() =>
	numberReference.refine(needsNumber, NEEDS_NUMBER),
);
export const assignNumberRequestSchema = lazy(() =>
	numberReference
		.refine(needsNumber, NEEDS_NUMBER)
		.refine((body) => !!body.agentId, { message: 'agentId is required', path: ['agentId'] }),
);

/** Release, repair and assign answer `{ success, message, data }` (no published schema). */
export const numberActionResponseSchema = lazy(() =>
	z
		.object({
			success: z.boolean(),
			message: z.string().optional(),
			data: z.unknown().optional(),
		})
		.passthrough(),
);

/** Buy and import answer `{ phoneNumber, phoneNumberSid, message }`. */
export const numberResultSchema = lazy(() =>
	z
		.object({
			phoneNumber: z.string(),
			phoneNumberSid: z.string(),
			message: z.string(),
		})
		.passthrough(),
);
