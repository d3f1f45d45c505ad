import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { getVoiceParamsSchema } from '../../../shared/contracts/voice';
import { downloadFile } from '../../transport/download';
import { getBaseUrl } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { voiceIdProperty } from '../../descriptions/pickers';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { fetchVoice } from './api';
import { providerProperty } from './common';

const show = { resource: ['voice'], operation: ['get'] };

export const PREVIEW_MIME_TYPE = 'audio/mpeg';

export const description: INodeProperties[] = [
	providerProperty('get'),
	voiceIdProperty(show),
	{
		displayName: 'Download Preview',
		name: 'downloadPreview',
		type: 'boolean',
		default: true,
		description: "Whether to download the voice's MP3 preview into a binary field",
		displayOptions: { show },
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the output binary field to put the MP3 preview in',
		displayOptions: { show: { ...show, downloadPreview: [true] } },
	},
	timeoutOnlyOptions(show),
];

interface GetVoicePlan {
	provider: string;
	voiceId: string;
	/** Where the preview goes; undefined when it is not downloaded. */
	binaryPropertyName?: string;
}

const binaryPropertySchema = lazy(() =>
	z.object({
		binaryPropertyName: z
			.string({ invalid_type_error: 'must be text' })
			.trim()
			.min(1, 'must name the binary field to put the preview in (e.g. data)'),
	}),
);

export function prepare(this: IExecuteFunctions, itemIndex: number): GetVoicePlan {
	const params = validate(
		this,
		getVoiceParamsSchema,
		{
			provider: this.getNodeParameter('provider', itemIndex, ''),
			voiceId: this.getNodeParameter('voiceId', itemIndex, '', { extractValue: true }),
		},
		itemIndex,
		'voice',
	);
	if (!this.getNodeParameter('downloadPreview', itemIndex, true)) return params;
	const { binaryPropertyName } = validate(
		this,
		binaryPropertySchema,
		{ binaryPropertyName: this.getNodeParameter('binaryPropertyName', itemIndex, 'data') },
		itemIndex,
		'output field',
	);
	return { ...params, binaryPropertyName };
}

/** `<provider>-<voiceId>.mp3`, with characters a file name cannot hold (PlayHT ids are URLs) replaced. */
export function previewFileName(provider: string, voiceId: string): string {
	return `${provider}-${voiceId}`.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '') + '.mp3';
}

export async function execute(
	this: IExecuteFunctions,
	plan: GetVoicePlan,
	scope: RequestScope,
): Promise<INodeExecutionData[]> {
	const voice = await fetchVoice.call(this, plan.provider, plan.voiceId, scope);
	if (plan.binaryPropertyName === undefined) return [{ json: voice }];

	const previewUrl = typeof voice.previewUrl === 'string' ? voice.previewUrl.trim() : '';
	if (!previewUrl) {
		throw new NodeOperationError(
			this.getNode(),
			`Voice ${plan.voiceId} of ${plan.provider} has no preview to download`,
			{
				itemIndex: scope.itemIndex,
				description: 'Turn off Download Preview to get only the voice metadata.',
			},
		);
	}
	// A relative preview URL is read against the API host.
	const url = new URL(previewUrl, `${await getBaseUrl.call(this, scope.itemIndex)}/`).toString();
	const { data } = await downloadFile.call(this, url, scope);
	const binary = await this.helpers.prepareBinaryData(
		data,
		previewFileName(plan.provider, plan.voiceId),
		PREVIEW_MIME_TYPE,
	);
	return [{ json: voice as IDataObject, binary: { [plan.binaryPropertyName]: binary } }];
}

/** GET /voices/{provider}/{voiceId}: the voice's metadata, and its MP3 preview as a binary file. */
export const get: ConvocoreOperation<GetVoicePlan> = { description, prepare, execute };
