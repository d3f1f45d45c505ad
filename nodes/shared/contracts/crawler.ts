import { z } from 'zod';
import { lazy } from './lazy';

/** `DELETE /workspaces/{workspaceId}/crawler/jobs/{jobId}`: removes the job and its scraped pages. */
export const deleteCrawlerJobResponseSchema = lazy(() => z
	.object({
		success: z.boolean(),
		message: z.string(),
	})
	.passthrough());
