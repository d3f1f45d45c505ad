import { z } from 'zod';
import { agentIdSchema } from './agent';
import { lazy } from './lazy';
import { agentOptionsSchema } from './agentOptions';
import { e164, uri } from './common';

export const MAX_MEDIA_URLS = 10;
export const SMS_SEGMENT_LENGTH = 1600;
export const VALIDITY_PERIOD = { min: 1, max: 14400 } as const;

/**
 * One media URL. `new URL` accepts text holding several URLs separated by a comma (or a line
 * break, which it drops), so a list typed as one text would otherwise go out as one mangled URL.
 */
export const mediaUri = lazy(() =>
	uri.refine((value) => !/\s/.test(value) && value.split('://').length === 2, {
		message: 'must be one URL (several URLs go in a list, one per entry, not in one text)',
	}),
);

export const smsOptionsSchema = lazy(() =>
	z
		.object({
			dryRun: z.boolean().optional(),
			createConvo: z.boolean().optional(),
			persistToConvo: z.boolean().optional(),
			skipIfHumanHandoff: z.boolean().optional(),
			splitLongMessages: z.boolean().optional(),
			sendViaEdge: z.boolean().optional(),
			disableRecordHistory: z.boolean().optional(),
			initialPrompt: z.string().optional(),
			statusCallbackUrl: uri.optional(),
			messagingServiceSid: z.string().optional(),
			validityPeriod: z
				.number()
				.int('must be a whole number of seconds')
				.min(
					VALIDITY_PERIOD.min,
					`must be between ${VALIDITY_PERIOD.min} and ${VALIDITY_PERIOD.max} seconds`,
				)
				.max(
					VALIDITY_PERIOD.max,
					`must be between ${VALIDITY_PERIOD.min} and ${VALIDITY_PERIOD.max} seconds`,
				)
				.optional(),
			provideFeedback: z.boolean().optional(),
			smartEncoded: z.boolean().optional(),
			agentOptions: agentOptionsSchema.optional(),
		})
		.strict(),
);

export const leadInfoSchema = lazy(() =>
	z
		.object({
			username: z.string().optional(),
			email: z.string().optional(),
			address: z.string().optional(),
		})
		// Extra keys are allowed and merged into the conversation for personalisation.
		.catchall(z.unknown()),
);

export const smsModeSchema = lazy(() => z.enum(['direct', 'agent']));

export const smsRequestSchema = lazy(() =>
	z
		.object({
			agentId: agentIdSchema,
			to: z.string({ required_error: 'is required' }).pipe(e164),
			from: e164.optional(),
			message: z.string().optional(),
			mediaUrl: mediaUri.optional(),
			mediaUrls: z
				.array(mediaUri, { invalid_type_error: 'must be a list of URLs (or a single URL)' })
				.max(MAX_MEDIA_URLS, `must hold at most ${MAX_MEDIA_URLS} URLs`)
				.optional(),
			mode: smsModeSchema.optional(),
			campaignId: z.string().optional(),
			convoId: z.string().optional(),
			leadInfo: leadInfoSchema.optional(),
			options: smsOptionsSchema.optional(),
		})
		.strict()
		.superRefine((body, ctx) => {
			const agentWithPrompt = body.mode === 'agent' && !!body.options?.initialPrompt;
			if (!agentWithPrompt && (body.message === undefined || body.message === '')) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: ['message'],
					message:
						body.mode === 'agent'
							? 'is required in agent mode unless options.initialPrompt is given'
							: 'is required in direct mode',
				});
			}
		}),
);
export type SmsRequest = z.infer<typeof smsRequestSchema>;

export const smsSegmentSchema = lazy(() =>
	z
		.object({
			messageSid: z.string(),
			segmentIndex: z.number(),
			status: z.string().optional(),
		})
		.strict(),
);

export const smsResponseSchema = lazy(() =>
	z
		.object({
			success: z.boolean(),
			status: z.string().optional(),
			dryRun: z.boolean().optional(),
			skipped: z.boolean().optional(),
			reason: z.string().optional(),
			agentId: z.string().optional(),
			to: z.string().optional(),
			from: z.string().optional(),
			convoId: z.string().optional(),
			mode: smsModeSchema.optional(),
			senderMode: z.enum(['own_account', 'platform_rental']).optional(),
			campaignId: z.string().optional(),
			messageSid: z.string().optional(),
			messageSids: z.array(z.string()).optional(),
			messageCount: z.number().optional(),
			mediaCount: z.number().optional(),
			messagesPreview: z.array(z.string()).optional(),
			segments: z.array(smsSegmentSchema).optional(),
		})
		.strict(),
);
export type SmsResponse = z.infer<typeof smsResponseSchema>;

/**
 * What the node accepts from `POST /sms`: the same types for every field it knows, and any field
 * it does not know (the live API may add some). The sandbox keeps the strict schema above.
 */
export const smsResponseContract = lazy(() =>
	smsResponseSchema
		.extend({ segments: z.array(smsSegmentSchema.passthrough()).optional() })
		.passthrough(),
);
