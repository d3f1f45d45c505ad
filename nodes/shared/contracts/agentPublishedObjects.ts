import { z } from 'zod';
import { PUBLISHED_AGENT_MODELS } from './agentModel';

/**
 * The published agent objects whose keys OpenAPI 1.0.4 closes (`additionalProperties: false`) and
 * which no earlier release of the node typed: their keys and types, as published. Convocore's
 * server drops an unknown key inside them without an error, so the node refuses one before
 * sending (a key lost in silence is a setting the user believes is set). Objects the node typed
 * before (voiceConfig, nodesSettings, fallbackSettings, ...) keep taking any keys: a workflow saved
 * with an earlier release keeps working.
 */

const text = () => z.string({ invalid_type_error: 'must be text' });
const number = () =>
	z.number({ invalid_type_error: 'must be a number' }).finite('must be a finite number');
const flag = () => z.boolean({ invalid_type_error: 'must be true or false' });
const textList = () => z.array(text(), { invalid_type_error: 'must be a JSON array of texts' });
const oneOf = (values: readonly [string, ...string[]]) =>
	z.enum(values, { errorMap: () => ({ message: `must be one of ${values.join(', ')}` }) });

/** `vg_defaultModel` as the published schema closes it: one of the 61 names. */
export const publishedModel = () =>
	oneOf(PUBLISHED_AGENT_MODELS as unknown as [string, ...string[]]);
/** A model name as the node takes it: any text, models change faster than releases. */
export const anyModel = () => text().trim().min(1, 'must name a model');

const closed = (shape: z.ZodRawShape) =>
	z.object(shape, { invalid_type_error: 'must be a JSON object' }).partial().strict();

/** The closed objects; `model` types the knowledge-base model, as the node or the sandbox takes it. */
export function publishedObjectShape(model: () => z.ZodTypeAny) {
	return {
		vg_kb_llm: closed({
			searchMethod: oneOf(['smart', 'simple']),
			searchPrompt: text(),
			modelId: model(),
			// Spelled so by the API.
			temprature: number(),
			maxTokens: number(),
		}),
		advanced: closed({ serverUrl: text(), serverUrlSecret: text() }),
		vgOptions: closed({
			isLlmStudio: flag(),
			showSources: flag(),
			lightUiEngine: flag(),
			legacyKb: flag(),
			maxChunkSize: number(),
			handoffTimeout: number(),
		}),
		instagramOptions: closed({ pageId: text(), accessToken: text() }),
		flowise: closed({ webhookUrl: text(), webhookSecret: text() }),
		vfSettings: closed({ enableIgnoreUrlPaths: flag() }),
		vfConfig: closed({ alwaysEnableCardButtons: flag() }),
		discord: closed({ channelIds: textList(), webhookUrls: textList() }),
		internal: closed({
			accountCreationConfig: oneOf(['v2']),
			websocketServer: oneOf(['edge', 'nodejs']),
			setOnResponse: flag(),
			enableSetOnLoad: flag(),
		}),
		vapiConfig: closed({
			syncKbOnSave: flag(),
			PUBLIC_API_KEY: text(),
			PRIVATE_API_KEY: text(),
			enableVapiOnWeb: flag(),
			overrideWithVG: flag(),
			promptOnWeb: flag(),
			maxCostMonthly: number(),
			maxMinutesMonthly: number(),
			useVfProject: flag(),
			syncTools: flag(),
		}),
	};
}
